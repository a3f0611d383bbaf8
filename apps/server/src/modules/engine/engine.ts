import { setMaxListeners } from 'node:events';
import type { apiDraftSchema } from '@vaskedrift/shared';
import { DEFAULT_CHECK_TIMEOUT_MS, MAX_RESPONSE_BYTES, movesAddress, patchHeaders } from '@vaskedrift/shared';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type ApiSecrets, createApiSecrets } from '../../lib/api-secrets';
import { type Clock, systemClock } from '../../lib/clock';
import type { OutboundClient } from '../../lib/outbound';
import { createReadingsMaintenance, type KeptHistory } from '../readings';
import { type CheckOutcome, createCheckProcessor, type OnEvaluated } from './check-processor';
import type { ClaimedApi, StoredApi } from './claims.repository';
import {
  type ApiConnection,
  CheckFailure,
  createAuthenticators,
  parseJsonBody,
  pollApi,
} from './controller-client';
import { createScheduler, RELEASE_IDLE_MS, Samples } from './scheduler';

type Draft = z.output<typeof apiDraftSchema>;

/** A check never runs past half its interval, so the next slot never finds it still running. */
export function checkTimeoutMs(api: Pick<StoredApi, 'checkInterval' | 'details'>): number {
  return Math.min(api.details.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS, (api.checkInterval * 1000) / 2);
}

export type Engine = ReturnType<typeof createEngine>;

/**
 * The API as a check sends it: secrets opened, a draft's fields (from the edit form) laid over it. A
 * draft that moves the address gets none of the stored secrets, only those typed into it (decision 015).
 */
function apiConnection(
  secrets: ApiSecrets,
  api: Partial<StoredApi> & { id: string },
  draft?: Draft,
): ApiConnection {
  const readable = (plain: string | null): string => {
    if (plain === null) {
      throw new CheckFailure(
        'auth/secret-unreadable',
        'Hemmeligheten kunne ikke leses (er SECRET_KEY byttet?)',
      );
    }
    return plain;
  };
  const opened = (sealed: string | null | undefined) => (sealed ? readable(secrets.tryOpen(sealed)) : null);
  const pick = <K extends keyof Draft>(key: K, fallback: NonNullable<Draft[K]> | null) =>
    draft && draft[key] !== undefined ? (draft[key] as NonNullable<Draft[K]> | null) : fallback;
  const stored = draft && movesAddress(api, draft) ? null : api;
  const storedHeaders = Object.fromEntries(
    Object.entries(stored?.headers ?? {}).map(([name, value]) => [
      name,
      readable(secrets.openHeaderValue(value)),
    ]),
  );
  return {
    id: api.id,
    endpointUrl: pick('endpointUrl', api.endpointUrl ?? null) ?? '',
    authEndpointUrl: pick('authEndpointUrl', api.authEndpointUrl ?? null),
    tokenPath: pick('tokenPath', api.tokenPath ?? null),
    clientId: pick('clientId', api.clientId ?? null),
    clientSecret:
      draft?.clientSecret !== undefined ? draft.clientSecret : opened(stored?.clientSecretEncrypted),
    apiKey: draft?.apiKey !== undefined ? draft.apiKey : opened(stored?.apiKeyEncrypted),
    authMethod: pick('authMethod', api.authMethod ?? 'none') ?? 'none',
    method: pick('method', api.method ?? 'GET') ?? 'GET',
    headers: patchHeaders(storedHeaders, draft?.headers ?? {}),
    body: pick('body', api.body ?? null),
    params: pick('params', api.params ?? {}) ?? {},
    details: pick('details', api.details ?? {}) ?? {},
  };
}

/** A pushed body as the outcome of a check: parsed like a polled response, or why it could not be. */
function pushOutcome(body: Buffer, startedAt: Date): CheckOutcome {
  if (body.length > MAX_RESPONSE_BYTES) {
    return {
      ok: false,
      error: 'Svaret er større enn 5 MB',
      code: 'outbound/too-large',
      httpStatus: null,
      bytes: body.length,
      durationMs: 0,
      startedAt,
    };
  }
  try {
    return {
      ok: true,
      json: parseJsonBody(body, null),
      httpStatus: null,
      bytes: body.length,
      durationMs: 0,
      startedAt,
    };
  } catch (err) {
    const failure = err as CheckFailure;
    return {
      ok: false,
      error: failure.message,
      code: failure.code,
      httpStatus: null,
      bytes: body.length,
      durationMs: 0,
      startedAt,
    };
  }
}

/**
 * The status engine of one server instance: the scheduler that claims due APIs, the check of one API
 * (poll → outcome → `check-processor`), pushed bodies, the manual 'Test tilkobling', and the periodic
 * readings rollup. Any number of instances may run it on one database (decision 009).
 */
export function createEngine(deps: {
  config: Config;
  db: Db;
  bus: EventBus;
  outbound: OutboundClient;
  log: Logger;
  /** Called after a commit that recorded notification events (the dispatcher's nudge). */
  onNotificationsRecorded: () => void;
  /** How long each readings tier is kept, read by every maintenance round. */
  retention: () => Promise<KeptHistory>;
  /** The failure threshold of an API without its own (system settings). */
  failureThreshold: () => Promise<number>;
  /** The time a check is stamped with (decision 030); the claim itself is the database's. */
  clock?: Clock;
  /** After each check committed: every attribute as evaluated (foresight). */
  onEvaluated?: OnEvaluated;
  /** APIs this instance let go (another instance checks them, decision 041): foresight drops their series. */
  onReleased?: (apiKeys: number[]) => void;
  /** A pool of the database: with it the scheduler sleeps until due, woken by NOTIFY (decision 009). */
  pool?: pg.Pool;
}) {
  const { config, db, log } = deps;
  const clock = deps.clock ?? systemClock;
  const secrets = createApiSecrets(config.secretKey);
  const authenticators = createAuthenticators();
  const processor = createCheckProcessor({
    db,
    bus: deps.bus,
    log,
    heartbeatMs: config.readings.heartbeatMinutes * 60_000,
    failureThreshold: deps.failureThreshold,
    onNotificationsRecorded: deps.onNotificationsRecorded,
    clock,
    ...(deps.onEvaluated ? { onEvaluated: deps.onEvaluated } : {}),
  });
  const shutdown = new AbortController();
  // Every check in flight listens for shutdown: 50 listeners on one signal are expected, not a leak.
  setMaxListeners(0, shutdown.signal);
  const durations = new Samples();
  let running = false;

  /** Polls once; never throws: a failure is an outcome with its Norwegian reason. */
  async function poll(
    connect: () => ApiConnection,
    timeoutMs: number,
  ): Promise<{ outcome: CheckOutcome; contentType: string | null }> {
    const startedAt = clock.now();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const connection = connect();
      const res = await pollApi(connection, {
        outbound: deps.outbound,
        authenticator: authenticators[connection.authMethod],
        timeoutMs,
        signal: shutdown.signal,
      });
      const outcome: CheckOutcome = {
        ok: true,
        json: res.json,
        httpStatus: res.httpStatus,
        bytes: res.bytes,
        durationMs: elapsed(),
        startedAt,
      };
      return { outcome, contentType: res.contentType };
    } catch (err) {
      const failure =
        err instanceof CheckFailure ? err : new CheckFailure('internal', 'Uventet feil under sjekken');
      if (!(err instanceof CheckFailure)) log.error({ err }, 'uventet feil under sjekk');
      const outcome: CheckOutcome = {
        ok: false,
        error: failure.message,
        code: failure.code,
        httpStatus: failure.httpStatus,
        bytes: failure.bytes,
        durationMs: elapsed(),
        startedAt,
      };
      return { outcome, contentType: null };
    }
  }

  async function runCheck(api: ClaimedApi): Promise<void> {
    const { outcome } = await poll(() => apiConnection(secrets, api), checkTimeoutMs(api));
    // Aborted by shutdown: not the API's fault, and nothing to record.
    if (shutdown.signal.aborted) return;
    durations.add(outcome.durationMs);
    await processor.process(api, outcome, 'poll');
  }

  const scheduler = createScheduler({
    db,
    log,
    concurrency: config.checks.concurrency,
    instanceKey: config.checks.instanceKey,
    runCheck,
    onReleased: (apis) => {
      processor.forgetRules(apis.map((api) => api.id));
      deps.onReleased?.(apis.map((api) => api.key));
    },
    ...(deps.pool ? { pool: deps.pool } : {}),
  });
  const maintenance = createReadingsMaintenance({
    db,
    log,
    retention: deps.retention,
  });

  /** A pushed body, processed exactly like a polled response (size already capped by the route). */
  async function processPush(api: StoredApi, body: Buffer) {
    const outcome = pushOutcome(body, clock.now());
    const processed = await processor.process(api, outcome, 'push');
    return { outcome, processed };
  }

  return {
    connectionOf: (api: Partial<StoredApi> & { id: string }, draft?: Draft) =>
      apiConnection(secrets, api, draft),
    poll,
    processPush,
    stats: () => ({ ...scheduler.stats, durations, processed: processor.stats() }),
    /** Whether this instance's check loop runs (config `CHECKS_ENABLED` and started). */
    get running() {
      return scheduler.running;
    },
    /**
     * Lets go of the rules and foresight series of other instances' APIs not checked here for `idleMs`
     * (default `RELEASE_IDLE_MS`; the loop does it every 30 s): tests. Answers the APIs let go.
     */
    releaseIdle: (idleMs = RELEASE_IDLE_MS) => scheduler.releaseIdle(idleMs),
    /** Checks every API due now, to the end: for tests and tools, while the loop is off. */
    checkDue: () => scheduler.runDue(),
    /** One round of the readings rollup and pruning (normally every minute): for tests and benchmarks. */
    runMaintenance: () => maintenance.runOnce(),
    start() {
      if (running || !config.checks.enabled) return;
      running = true;
      scheduler.start();
      maintenance.start();
    },
    async stop() {
      if (!running) return;
      running = false;
      shutdown.abort();
      await Promise.all([scheduler.stop(), maintenance.stop()]);
    },
  };
}

export type { Draft as ApiDraftValues };
