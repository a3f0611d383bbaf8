/**
 * Setup for bench/engine.ts: the simulator in a child process (so its CPU is not the server's) and the
 * database seeded in bulk with facilities, bays, one API connection per simulated facility, an API
 * attribute and bay attributes, as an admin would have made them through the API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocationInfo } from '@vaskedrift/simulator';
import pg from 'pg';
import { runMigrations } from '../apps/server/src/db/client';
import { createApiSecrets } from '../apps/server/src/lib/api-secrets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type SimulatorLocation = LocationInfo & { endpointUrl: string };
export type SimulatorProcess = {
  url: string;
  child: ChildProcess;
  locations: SimulatorLocation[];
  control(method: string, route: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
};

/** Starts `apps/simulator` as its own process on a free port and reads its facilities. */
export async function startSimulatorProcess(locations: number, bays: number): Promise<SimulatorProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/main.ts',
      '--port',
      '0',
      '--locations',
      String(locations),
      '--bays',
      String(bays),
      '--seed',
      '7',
      '--quiet',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /Simulator: (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`simulatoren stoppet (${code})`)));
  });
  const control = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/control/${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`control ${route}: ${res.status}`);
    return res.json();
  };
  const list = (await control('GET', 'locations')) as { locations: SimulatorLocation[] };
  return {
    url,
    child,
    locations: list.locations,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Seeds one facility per simulated facility with its bays, an API connection (first checks spread over
 * the interval, as a real fleet's are), an API attribute and `attributesPerBay` bay attributes per bay.
 * Returns the bay ids by facility id and bay key.
 */
export async function seedEngine(
  url: string,
  secretKey: string,
  sim: SimulatorProcess,
  options: { interval: number; attributesPerBay: number },
): Promise<Map<string, string>> {
  await runMigrations(url);
  const secrets = createApiSecrets(secretKey);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const bayIds = new Map<string, string>();
  try {
    const batch = 50;
    for (let from = 0; from < sim.locations.length; from += batch) {
      const batchOf = sim.locations.slice(from, from + batch);
      await client.query('begin');
      const { rows: locations } = await client.query<{ id: string }>(
        `insert into locations (name, address, postal_code, city)
         select name, 'Benkeveien 1', '0150', 'Oslo' from unnest($1::text[]) with ordinality as t(name, n)
         order by n returning id`,
        [batchOf.map((_f, i) => `Bench ${String(from + i + 1).padStart(5, '0')}`)],
      );
      for (const [i, location] of batchOf.entries()) {
        const locationId = locations[i]?.id as string;
        const auth = location.auth;
        const secret = auth.kind === 'apiKey' ? auth.apiKey : auth.kind === 'bearer' ? auth.token : undefined;
        const push = secrets.newPushToken();
        const { rows: api } = await client.query<{ id: string }>(
          `insert into apis (name, endpoint_url, auth_endpoint_url, token_path, client_id, client_secret_encrypted,
             api_key_encrypted, auth_method, details, check_interval, push_token_hash, push_token_encrypted, next_check_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int, $11, $12, now() + random() * make_interval(secs => $10::int))
           returning id`,
          [
            `Kasse ${location.id}`,
            location.endpointUrl,
            auth.kind === 'oauth2' ? `${sim.url}${auth.authEndpointPath}` : null,
            auth.kind === 'oauth2' ? auth.tokenPath : null,
            auth.clientId ?? null,
            auth.clientSecret ? secrets.seal(auth.clientSecret) : null,
            secret ? secrets.seal(secret) : null,
            auth.kind,
            JSON.stringify(location.recordsPath ? { recordsPath: location.recordsPath } : {}),
            options.interval,
            push.hash,
            push.sealed,
          ],
        );
        const { rows: metric } = await client.query<{ id: string }>(
          `insert into api_metrics (api_id, name, description, key_identifier, target_keys)
           values ($1, 'Hallverdier', 'Verdier per hall', $2, $3) returning id`,
          [api[0]?.id, location.keyIdentifier, location.targetKeys],
        );
        const { rows: bays } = await client.query<{ id: string }>(
          `with new_bays as (
             insert into bays (location_id, name, sort_order)
             select $1, name, n - 1 from unnest($2::text[]) with ordinality as t(name, n) returning id, sort_order
           ), periods as (
             insert into bay_status_periods (bay_id, status, cause) select id, 'operational', 'seed' from new_bays
           )
           select id from new_bays order by sort_order`,
          [locationId, location.bays.map((b) => b.name)],
        );
        const attributes = location.suggestedAttributes.slice(0, options.attributesPerBay);
        const rows = location.bays.flatMap((bay, b) => {
          bayIds.set(`${location.id}/${bay.key}`, bays[b]?.id as string);
          return attributes.map((a) => [bays[b]?.id, bay.key, a] as const);
        });
        await client.query(
          `insert into bay_metrics (bay_id, api_metric_id, key_value, path, type, operator, threshold_critical,
             threshold_warning, threshold_inactive, threshold_active)
           select bay_id, $1, key_value, path, type, operator, c, w, i, a from unnest(
             $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[]
           ) as t(bay_id, key_value, path, type, operator, c, w, i, a)`,
          [
            metric[0]?.id,
            rows.map((r) => r[0]),
            rows.map((r) => r[1]),
            rows.map((r) => r[2].path),
            rows.map((r) => r[2].type),
            rows.map((r) => r[2].operator),
            rows.map((r) => r[2].thresholds.thresholdCritical),
            rows.map((r) => r[2].thresholds.thresholdWarning),
            rows.map((r) => r[2].thresholds.thresholdInactive),
            rows.map((r) => r[2].thresholds.thresholdActive),
          ],
        );
      }
      await client.query('commit');
    }
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return bayIds;
}

/** A value past the critical threshold of a bay's first suggested attribute, as a simulator override. */
export function criticalOverride(location: LocationInfo): Record<string, unknown> | null {
  const attribute = location.suggestedAttributes[0];
  if (!attribute) return null;
  const critical = attribute.thresholds.thresholdCritical;
  const key = attribute.path.replace(/\[(\d+)\]/g, '.$1');
  if (attribute.type === 'number') {
    const threshold = Number(critical);
    const up = attribute.operator === 'gt' || attribute.operator === 'gte';
    return { [key]: up ? threshold + 5 : threshold - 1 };
  }
  if (attribute.type === 'boolean') return { [key]: critical === 'true' };
  return { [key]: critical };
}
