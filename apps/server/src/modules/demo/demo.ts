import { BAY_STATUS_CAUSES, DEFAULT_TOKEN_PATH } from '@vaskedrift/shared';
import { createSimulator, type LocationInfo, type Simulator } from '@vaskedrift/simulator';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createApiSecrets } from '../../lib/api-secrets';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import { insertApiMetric } from '../api-metrics';
import { insertApi } from '../apis';
import { insertBayMetric } from '../bay-metrics';
import { insertBay, openFirstPeriods } from '../bays';
import { insertLocation } from '../locations';
import { insertUser } from '../users';
import { demoApis, grantLocations, hasAnyLocation, lockDemo, pointDemoApi } from './demo.repository';
import { DEMO_ADDRESSES, DEMO_SIMULATOR, DEMO_USERS } from './demo-data';
import { writeDemoHistory } from './history';

export type Demo = { simulator: Simulator; stop(): Promise<void> };

type Deps = { db: Db; config: Config; log: Pick<Logger, 'info' | 'warn'>; announce?: (text: string) => void };

/** Where a simulated facility answers, and its OAuth2 token endpoint. */
function urlsOf(simulator: Simulator, simulated: LocationInfo) {
  const auth = simulated.auth;
  return {
    endpointUrl: `${simulator.url}${simulated.endpointPath}`,
    authEndpointUrl:
      auth.kind === 'oauth2' && auth.authEndpointPath ? `${simulator.url}${auth.authEndpointPath}` : null,
  };
}

/**
 * The demo of decision 008. On an empty database: starts the built-in simulator and loads six facilities
 * with their bays, one API connection each (every auth method), the suggested attributes, a user of each
 * role (printing their sign-in once) and 90 days of their past (`history.ts`). On later starts, when demo APIs exist: starts the simulator
 * again (same seed, same credentials) and points the demo APIs at its new address. Otherwise: nothing.
 */
export async function startDemo(deps: Deps): Promise<Demo | null> {
  const existing = await demoApis(deps.db);
  if (existing.length === 0 && (await hasAnyLocation(deps.db))) return null;
  const simulator = await createSimulator({ ...DEMO_SIMULATOR, host: '127.0.0.1' });
  try {
    if (existing.length === 0) {
      const users = await loadDemo(deps, simulator);
      if (users) announceDemo(deps, simulator, users);
    } else {
      const byId = new Map(simulator.locations.map((f) => [f.id, f]));
      for (const api of existing) {
        const simulated = byId.get(api.simulatorLocationId);
        if (simulated) await pointDemoApi(deps.db, api.id, urlsOf(simulator, simulated));
      }
      deps.log.info(
        { url: simulator.url, apis: existing.length },
        'demo-simulatoren kjører; demo-API-ene peker dit',
      );
    }
  } catch (err) {
    await simulator.close();
    throw err;
  }
  return { simulator, stop: () => simulator.close() };
}

type Credentials = Array<{ email: string; password: string; role: string }>;

/**
 * Everything in one transaction, the 90 days of history included (an interrupted load leaves nothing and
 * is loaded again at the next start); null when another instance loaded it first.
 */
async function loadDemo({ db, config, log }: Deps, simulator: Simulator): Promise<Credentials | null> {
  const secrets = createApiSecrets(config.secretKey);
  const passwords = await Promise.all(
    DEMO_USERS.map(async (user) => {
      const password = randomToken(9);
      return { user, password, hash: await hashPassword(password) };
    }),
  );
  return db.transaction(async (tx) => {
    await lockDemo(tx);
    if (await hasAnyLocation(tx)) return null;
    const locationIds: string[] = [];
    for (const simulated of simulator.locations) {
      const town = DEMO_ADDRESSES[simulated.name] ?? { address: 'Storgata 1', postalCode: '0155' };
      const location = await insertLocation(tx, {
        name: `Bilvask ${simulated.name}`,
        address: town.address,
        postalCode: town.postalCode,
        city: simulated.name,
        isVisibleInDashboard: true,
        imageId: null,
      });
      locationIds.push(location.id);
      await wireLocation(tx, secrets, simulator, simulated, location.id);
    }
    const credentials: Credentials = [];
    for (const { user, password, hash } of passwords) {
      const row = await insertUser(tx, {
        email: user.email,
        passwordHash: hash,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      });
      if (!row) continue;
      await grantLocations(
        tx,
        row.id,
        user.locations.flatMap((i) => locationIds[i] ?? []),
      );
      credentials.push({ email: user.email, password, role: user.role });
    }
    const history = await writeDemoHistory(tx, { config });
    if (history) log.info(history, 'demoens historikk er skrevet');
    return credentials;
  });
}

/** A facility's bays, its API connection to the simulator, the API attribute and the suggested bay attributes. */
async function wireLocation(
  tx: Db,
  secrets: ReturnType<typeof createApiSecrets>,
  simulator: Simulator,
  simulated: LocationInfo,
  locationId: string,
) {
  const auth = simulated.auth;
  const push = secrets.newPushToken();
  const secret = auth.kind === 'apiKey' ? auth.apiKey : auth.kind === 'bearer' ? auth.token : undefined;
  const apiId = await insertApi(tx, {
    name: `Kontroller ${simulated.name}`,
    ...urlsOf(simulator, simulated),
    tokenPath: auth.kind === 'oauth2' ? (auth.tokenPath ?? DEFAULT_TOKEN_PATH) : null,
    clientId: auth.clientId ?? null,
    clientSecretEncrypted: auth.clientSecret ? secrets.seal(auth.clientSecret) : null,
    apiKeyEncrypted: secret ? secrets.seal(secret) : null,
    authMethod: auth.kind,
    method: 'GET',
    headers: {},
    body: null,
    params: {},
    details: {
      demo: true,
      simulatorFacility: simulated.id,
      ...(simulated.recordsPath ? { recordsPath: simulated.recordsPath } : {}),
      ...(auth.apiKeyHeader ? { apiKeyHeader: auth.apiKeyHeader } : {}),
    },
    checkInterval: 30,
    status: 'enabled',
    pushTokenHash: push.hash,
    pushTokenEncrypted: push.sealed,
    createdBy: null,
  });
  const apiMetricId = await insertApiMetric(tx, apiId, {
    name: 'Hallverdier',
    description: 'Temperatur, trykk, kjemikalier, alarmer og vasketeller per vaskehall',
    keyIdentifier: simulated.keyIdentifier,
    targetKeys: [...simulated.targetKeys, simulated.washCounter.path],
    status: 'enabled',
  });
  for (const [index, simBay] of simulated.bays.entries()) {
    const bay = await insertBay(tx, {
      locationId,
      name: simBay.name,
      status: 'operational',
      sortOrder: index,
    });
    await openFirstPeriods(tx, [
      { bayId: bay.id, status: 'operational', cause: BAY_STATUS_CAUSES.created, changedBy: null },
    ]);
    // The suggested attributes and the wash counter the demo's controllers answer (`washCounter`).
    for (const attribute of [...simulated.suggestedAttributes, simulated.washCounter]) {
      await insertBayMetric(tx, bay.id, {
        apiMetricId,
        keyValue: simBay.key,
        path: attribute.path,
        type: attribute.type,
        operator: attribute.operator,
        ...attribute.thresholds,
        // Shown as 'Vanntrykk 1,2 bar · kritisk under 2 bar' (docs/domain.md, Words).
        displayName: attribute.name,
        unit: attribute.unit ?? null,
        trueLabel: attribute.trueLabel ?? null,
        falseLabel: attribute.falseLabel ?? null,
      });
    }
  }
}

function announceDemo({ config, announce }: Deps, simulator: Simulator, users: Credentials) {
  const lines = users.map((u) => `    ${u.role.padEnd(9)} ${u.email.padEnd(34)} ${u.password}`);
  const text =
    `\n  Demoen er lastet: ${simulator.locations.length} anlegg med vaskehaller og API-tilkoblinger mot den\n` +
    `  innebygde simulatoren (${simulator.url}). Tavla blir levende i løpet av et halvt minutt.\n` +
    `  Demo-brukere (passordene vises bare denne ene gangen):\n${lines.join('\n')}\n` +
    `  Logg inn på ${config.publicUrl}\n\n`;
  (announce ?? ((t: string) => process.stdout.write(t)))(text);
}
