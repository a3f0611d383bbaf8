import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSimulator, type LocationInfo, type Simulator } from '@vaskedrift/simulator';
import pg from 'pg';
import {
  ADMIN,
  connectLiveClient,
  type HoldingSmtp,
  type LiveClient,
  request,
  signIn,
  startChangeLoop,
  startHoldingSmtp,
  waitFor,
} from './fault-actors';
import { type PgCluster, startCluster } from './pg-cluster';
import { type ServerProcess, startServer } from './server-process';

/*
 * The rig of the database fault suite (issue 22) and bench/faults.ts: a PostgreSQL cluster the test holds
 * (pg-cluster.ts), two real server processes on it with checks running against the simulator, a recipient
 * whose e-mail goes to an SMTP server that can hold its answer, live-channel clients that reconnect and
 * resume as the web client does, and a steady loop of changes through both servers.
 */

export const CHECK_INTERVAL_S = 30;
const RECIPIENT = 'vakt@example.no';

export type Rig = {
  cluster: PgCluster;
  databaseUrl: string;
  /** The test's own connection for reading rows; it sees the outages too (reads are retried). */
  pool: pg.Pool;
  smtp: HoldingSmtp;
  sim: Simulator;
  simulated: LocationInfo;
  servers: ServerProcess[];
  env: Record<string, string>;
  token(): string;
  apiId: string;
  /** The facility the change loop renames. */
  changesLocationId: string;
  clients: LiveClient[];
  loop: ReturnType<typeof startChangeLoop>;
  /** Toggles hall-1's temperature between critical (95) and its normal value: one notification each time. */
  flip(): 'critical' | 'normal';
  /** Starts one more server on `databaseUrl` (default the rig's); stopped by `close()`. */
  startExtraServer(
    env: Record<string, string>,
    options?: Parameters<typeof startServer>[1],
  ): Promise<ServerProcess>;
  close(): Promise<void>;
};

/** Every row of `sql`, retried while the database is away. */
export function rows<T>(rig: Pick<Rig, 'pool'>, sql: string, params: unknown[] = []): Promise<T[]> {
  return waitFor(
    async () => (await rig.pool.query(sql, params)).rows as T[],
    `spørring: ${sql.slice(0, 60)}`,
    120_000,
    250,
  );
}

/** The newest `seq` in the journal. */
export async function newestSeq(rig: Pick<Rig, 'pool'>): Promise<number> {
  const [row] = await rows<{ seq: string | null }>(rig, 'select max(seq) as seq from realtime_events');
  return Number(row?.seq ?? 0);
}

type Parts = {
  pool?: pg.Pool;
  smtp?: HoldingSmtp;
  sim?: Simulator;
  refresher?: NodeJS.Timeout;
  clients?: LiveClient[];
  loop?: ReturnType<typeof startChangeLoop>;
  servers: ServerProcess[];
};

export async function startRig({
  servers: count = 2,
  clientsPerServer = 2,
  serverEnv = {} as Record<string, string>,
} = {}): Promise<Rig> {
  const cluster = await startCluster();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-faults-'));
  const parts: Parts = { servers: [] };
  const close = () => closeRig(parts, cluster, scratch);
  try {
    const databaseUrl = await cluster.createDatabase('vaskedrift');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    pool.on('error', () => {});
    parts.pool = pool;
    const smtp = await startHoldingSmtp();
    parts.smtp = smtp;
    const sim = await createSimulator({ locationCount: 1, baysPerLocation: 4, drift: false });
    parts.sim = sim;
    const simulated = sim.locations[0] as LocationInfo;
    const env = {
      DATABASE_URL: databaseUrl,
      SECRET_KEY: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOW_LOOPBACK_TARGETS: 'true',
      SMTP_URL: smtp.url,
      DEMO: 'false',
      DATA_DIR: scratch,
      LOG_LEVEL: 'warn',
      ...serverEnv,
    };
    const startExtraServer: Rig['startExtraServer'] = async (extra, options) => {
      const server = await startServer({ ...env, ...extra }, options);
      parts.servers.push(server);
      return server;
    };
    // One after the other: the first migrates and makes the superadmin.
    const servers: ServerProcess[] = [];
    for (let i = 0; i < count; i++) servers.push(await startExtraServer({}));
    const base = servers[0]?.url as string;
    let token = await signIn(base);
    // Access tokens last 15 minutes; a run of the bench may take longer.
    parts.refresher = setInterval(
      () =>
        signIn(base).then(
          (t) => {
            token = t;
          },
          () => {},
        ),
      5 * 60_000,
    );
    const call = async (method: string, route: string, body: unknown) => {
      const res = await request(`${base}/api/v1/${route}`, method, body, token);
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: { id: string } }).data;
    };

    // Through the API as the superadmin: a facility, its bays, the API connection, its attribute and the
    // bays' attributes; a facility for the change loop; and who is told.
    const place = { address: 'Storgata 1', postalCode: '0155', city: 'Oslo' };
    const location = await call('POST', 'backend/locations/create', { name: 'Vask Feiltest', ...place });
    const changes = await call('POST', 'backend/locations/create', { name: 'Endring 0', ...place });
    const api = await call('POST', 'backend/apis/create', {
      name: `Kasse ${simulated.name}`,
      endpointUrl: `${sim.url}${simulated.endpointPath}`,
      authMethod: 'none',
      checkInterval: CHECK_INTERVAL_S,
      details: { timeoutMs: 2000 },
    });
    const metric = await call('POST', 'backend/apis/metrics/create', {
      apiId: api.id,
      name: 'Hallstatus',
      description: 'Verdiene til hver vaskehall',
      keyIdentifier: simulated.keyIdentifier,
      targetKeys: simulated.targetKeys,
    });
    const attributes = simulated.suggestedAttributes.filter((a) =>
      ['temperature', 'waterPressure'].includes(a.path),
    );
    for (const bay of simulated.bays) {
      const created = await call('POST', 'backend/bays/create', { locationId: location.id, name: bay.name });
      for (const attribute of attributes) {
        await call('POST', 'backend/bays/metrics/create', {
          bayId: created.id,
          apiMetricId: metric.id,
          keyValue: bay.key,
          path: attribute.path,
          type: attribute.type,
          operator: attribute.operator,
          ...attribute.thresholds,
        });
      }
    }
    await call('POST', 'backend/settings/notifications/create', {
      recipient: { kind: 'custom', name: 'Vakt Hansen', email: RECIPIENT },
      tags: ['critical', 'warning', 'info'],
      allLocations: true,
    });
    // The first check reads every bay before any fault (a new API is due at once).
    await waitFor(
      async () => {
        const res = await request(`${base}/api/v1/backend/apis/get`, 'POST', { id: api.id }, token);
        return (res.body as { data?: { lastSuccessAt: string | null } }).data?.lastSuccessAt ?? undefined;
      },
      'første sjekk',
      60_000,
      250,
    );

    const since = await newestSeq({ pool });
    const clients = servers.flatMap((server, s) =>
      Array.from({ length: clientsPerServer }, (_, c) =>
        connectLiveClient(`instans ${s + 1} klient ${c + 1}`, server.url, () => token, since),
      ),
    );
    parts.clients = clients;
    await waitFor(() => clients.every((c) => c.connects > 0), 'sanntidsklientene kobler til', 30_000);
    const loop = startChangeLoop(servers, () => token, changes.id);
    parts.loop = loop;

    let critical = false;
    return {
      cluster,
      databaseUrl,
      pool,
      smtp,
      sim,
      simulated,
      servers,
      env,
      token: () => token,
      apiId: api.id,
      changesLocationId: changes.id,
      clients,
      loop,
      flip() {
        critical = !critical;
        if (critical) sim.control.setValues(simulated.id, 'hall-1', { temperature: 95 });
        else sim.control.clearValues(simulated.id, 'hall-1', ['temperature']);
        return critical ? 'critical' : 'normal';
      },
      startExtraServer,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The loop and the clients first, then the servers (SIGTERM; SIGKILL after 20 s), then what they used. */
async function closeRig(parts: Parts, cluster: PgCluster, scratch: string) {
  await parts.loop?.stop();
  for (const client of parts.clients ?? []) client.close();
  clearInterval(parts.refresher);
  await Promise.all(
    parts.servers.map(async (server) => {
      if (server.child.exitCode != null || server.child.signalCode != null) return;
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
      await server.exited;
      clearTimeout(timer);
    }),
  );
  await parts.sim?.close();
  await parts.smtp?.close();
  await parts.pool?.end();
  await cluster.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
