import {
  ALERT_MESSAGES,
  API_BASE,
  API_MESSAGES,
  type Api,
  type ApiCheckResult,
  type ApiHealth,
  type apiCheckRequestSchema,
  apiStatusMessage,
  type createApiSchema,
  type getApiLogsSchema,
  type getApisSchema,
  missingAuthFields,
  movesAddress,
  patchHeaders,
  type updateApiSchema,
} from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type ApiSecrets, secretsLeftAsStored } from '../../lib/api-secrets';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import {
  type Engine,
  type EngineChanges,
  NO_ENGINE_CHANGES,
  publishEngineChanges,
  retireAttributes,
  runManualCheck,
  type StoredApi,
} from '../engine';
import {
  type ApiRow,
  type ApiValues,
  findApiRow,
  findStoredApi,
  insertApi,
  listApiRows,
  listCheckLogs,
  lockApi,
  lockApisWithPlainHeaders,
  setApiHeaders,
  softDeleteApi,
  updateApiRow,
} from './apis.repository';

type GetInput = z.output<typeof getApisSchema>;
type CreateInput = z.output<typeof createApiSchema>;
type UpdateInput = z.output<typeof updateApiSchema>;
type CheckInput = z.output<typeof apiCheckRequestSchema>;

export type ApisService = ReturnType<typeof createApisService>;

/** `defaultThreshold`: the system settings' failure threshold, for an API without its own. */
function health(row: ApiRow, defaultThreshold: number): ApiHealth {
  if (row.status === 'disabled') return 'disabled';
  if (!row.lastCheckAt) return 'unknown';
  const threshold = row.details.failureThreshold ?? defaultThreshold;
  if (row.consecutiveFailures >= threshold) return 'down';
  return row.consecutiveFailures > 0 ? 'failing' : 'ok';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The response shape: secrets only as "is one set" (headers by name), the push URL's path for admins. */
function toApi(
  secrets: ApiSecrets,
  { total: _t, pushTokenEncrypted, stats, ...row }: ApiRow,
  defaultThreshold: number,
): Api {
  const token = secrets.tryOpen(pushTokenEncrypted);
  const checks = Number(stats?.checks ?? 0);
  return {
    ...row,
    pushPath: token ? `${API_BASE}/push/${token}` : '',
    health: health({ total: 0, pushTokenEncrypted, stats, ...row }, defaultThreshold),
    nextCheckAt: row.status === 'enabled' ? iso(row.nextCheckAt) : null,
    lastCheckAt: iso(row.lastCheckAt),
    lastSuccessAt: iso(row.lastSuccessAt),
    checks24h: checks,
    successRate24h: checks > 0 ? (checks - Number(stats?.failures ?? 0)) / checks : null,
    averageDurationMs24h: checks > 0 ? Math.round(Number(stats?.duration ?? 0) / checks) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sealOrNull = (secrets: ApiSecrets, value: string | null | undefined) =>
  value ? secrets.seal(value) : null;

type ApiChanges = Partial<ApiValues> & { pushTokenHash?: string; pushTokenEncrypted?: string };

/**
 * An update's row changes. Only the fields sent change; a secret left out is kept, '' (null) clears it;
 * headers are a patch (`patchHeaders`). A change that moves the address keeps no stored secret (decision
 * 015): an unused one is dropped, one the auth method needs and a header must be typed again or removed.
 */
function changesOf(stored: StoredApi, input: UpdateInput, secrets: ApiSecrets): ApiChanges {
  const { id: _id, rotatePushToken, clientSecret, apiKey, headers, ...fields } = input;
  const changes: ApiChanges = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (clientSecret !== undefined) changes.clientSecretEncrypted = sealOrNull(secrets, clientSecret);
  if (apiKey !== undefined) changes.apiKeyEncrypted = sealOrNull(secrets, apiKey);
  if (headers !== undefined) {
    const sealed = Object.entries(headers).map(([name, v]) => [name, v === null ? null : secrets.seal(v)]);
    changes.headers = patchHeaders(stored.headers, Object.fromEntries(sealed));
  }
  const leftBehind = movesAddress(stored, changes)
    ? secretsLeftAsStored(stored, { apiKey, clientSecret, headers })
    : [];
  if (leftBehind.includes('apiKey')) changes.apiKeyEncrypted = null;
  if (leftBehind.includes('clientSecret')) changes.clientSecretEncrypted = null;
  if (rotatePushToken) {
    const push = secrets.newPushToken();
    changes.pushTokenHash = push.hash;
    changes.pushTokenEncrypted = push.sealed;
  }
  const missing = missingAuthFields({
    authMethod: changes.authMethod ?? stored.authMethod,
    authEndpointUrl: changes.authEndpointUrl !== undefined ? changes.authEndpointUrl : stored.authEndpointUrl,
    clientId: changes.clientId !== undefined ? changes.clientId : stored.clientId,
    hasClientSecret: Boolean(
      changes.clientSecretEncrypted !== undefined
        ? changes.clientSecretEncrypted
        : stored.clientSecretEncrypted,
    ),
    hasApiKey: Boolean(
      changes.apiKeyEncrypted !== undefined ? changes.apiKeyEncrypted : stored.apiKeyEncrypted,
    ),
  });
  const issues = [
    ...missing.map((issue) =>
      leftBehind.includes(issue.path) ? { ...issue, message: API_MESSAGES.secretsNotReused } : issue,
    ),
    ...leftBehind
      .filter((path) => path.startsWith('headers.'))
      .map((path) => ({ path, message: API_MESSAGES.secretsNotReused })),
  ];
  if (issues.length > 0) throw new ValidationError(issues[0]?.message ?? '', issues);
  return changes;
}

export function createApisService(deps: {
  db: Db;
  bus: EventBus;
  engine: Engine;
  secrets: ApiSecrets;
  /** The failure threshold of an API without its own (system settings). */
  failureThreshold: () => Promise<number>;
}) {
  const { db, bus, secrets } = deps;

  async function mustFind(id: string): Promise<Api> {
    const row = await findApiRow(db, id);
    if (!row) throw new NotFoundError(API_MESSAGES.notFound);
    return toApi(secrets, row, await deps.failureThreshold());
  }

  async function get(input: GetInput) {
    if (input.id) return { data: await mustFind(input.id) };
    const { rows, count } = await listApiRows(db, input);
    const threshold = await deps.failureThreshold();
    return { data: rows.map((row) => toApi(secrets, row, threshold)), count };
  }

  async function create(caller: Caller, input: CreateInput): Promise<Api> {
    const push = secrets.newPushToken();
    const values: ApiValues = {
      name: input.name,
      endpointUrl: input.endpointUrl,
      authEndpointUrl: input.authEndpointUrl ?? null,
      tokenPath: input.tokenPath ?? null,
      clientId: input.clientId ?? null,
      clientSecretEncrypted: sealOrNull(secrets, input.clientSecret),
      apiKeyEncrypted: sealOrNull(secrets, input.apiKey),
      authMethod: input.authMethod,
      method: input.method,
      headers: secrets.sealHeaders(input.headers),
      body: input.body ?? null,
      params: input.params,
      details: input.details,
      checkInterval: input.checkInterval,
      status: input.status,
    };
    const id = await db.transaction((tx) =>
      insertApi(tx, {
        ...values,
        pushTokenHash: push.hash,
        pushTokenEncrypted: push.sealed,
        createdBy: caller.userId,
      }),
    );
    bus.publish('api.created', { userId: caller.userId, ip: caller.ip, apiId: id, name: input.name });
    return mustFind(id);
  }

  /** The changes `changesOf` makes, applied in one transaction with what they mean for the engine. */
  async function update(caller: Caller, input: UpdateInput): Promise<{ data: Api; message?: string }> {
    const { id, rotatePushToken } = input;
    const result = await db.transaction(async (tx) => {
      const stored = await lockApi(tx, id);
      if (!stored) throw new NotFoundError(API_MESSAGES.notFound);
      const changes = changesOf(stored, input, secrets);
      const statusChanged = changes.status !== undefined && changes.status !== stored.status;
      await updateApiRow(tx, id, changes, { enabling: statusChanged && changes.status === 'enabled' });
      const engine: EngineChanges =
        statusChanged && changes.status === 'disabled'
          ? await retireAttributes(tx, { apiId: id }, ALERT_MESSAGES.attributeNotEvaluated)
          : NO_ENGINE_CHANGES;
      const changed = [
        ...Object.keys(changes).filter((k) => !k.startsWith('pushToken')),
        ...(rotatePushToken ? ['pushToken'] : []),
      ].map((k) => k.replace(/Encrypted$/, ''));
      return { stored, statusChanged, engine, changed };
    });
    publishEngineChanges(bus, result.engine);
    const api = await mustFind(id);
    bus.publish('api.updated', {
      userId: caller.userId,
      ip: caller.ip,
      apiId: id,
      name: api.name,
      fields: result.changed,
    });
    if (!result.statusChanged) return { data: api };
    bus.publish('api.status_changed', {
      userId: caller.userId,
      ip: caller.ip,
      apiId: id,
      name: api.name,
      status: api.status,
    });
    return { data: api, message: apiStatusMessage(api.name, api.status) };
  }

  /** Soft delete: checks stop, open alerts of its attributes are resolved, its bays derived again. */
  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const { name, engine } = await db.transaction(async (tx) => {
      const stored = await lockApi(tx, id);
      if (!stored) throw new NotFoundError(API_MESSAGES.notFound);
      await softDeleteApi(tx, id);
      const engine = await retireAttributes(tx, { apiId: id }, ALERT_MESSAGES.attributeNotEvaluated);
      return { name: stored.name, engine };
    });
    publishEngineChanges(bus, engine);
    bus.publish('api.deleted', { userId: caller.userId, ip: caller.ip, apiId: id, name });
    return { id };
  }

  async function check(input: CheckInput): Promise<ApiCheckResult> {
    const stored = input.id ? await findStoredApi(db, input.id) : null;
    if (input.id && !stored) throw new NotFoundError(API_MESSAGES.notFound);
    return runManualCheck({ db, engine: deps.engine }, stored ?? null, input.draft);
  }

  async function logs(input: z.output<typeof getApiLogsSchema>) {
    await mustFind(input.apiId);
    return listCheckLogs(db, input);
  }

  /**
   * The start-up step of decision 015: header values stored in plain text before they were sealed get
   * sealed (it needs SECRET_KEY, so it is app code, not a migration). Answers how many APIs changed.
   */
  async function sealPlainHeaders(): Promise<number> {
    return db.transaction(async (tx) => {
      let sealedApis = 0;
      for (const row of await lockApisWithPlainHeaders(tx)) {
        const sealed = secrets.sealPlainHeaders(row.headers);
        if (!sealed) continue;
        await setApiHeaders(tx, row.id, sealed);
        sealedApis++;
      }
      return sealedApis;
    });
  }

  return { get, create, update, remove, check, logs, sealPlainHeaders };
}
