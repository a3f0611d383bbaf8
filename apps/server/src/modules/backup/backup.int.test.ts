import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runCommand, type ServerProcess, startServer } from '../../../test/server-process';
import { dropDatabase, ensureDatabase, withDatabase } from '../../db/admin';
import { runningEmbeddedAdminUrl, startEmbeddedPostgres } from '../../db/embedded';

const admin = { ADMIN_EMAIL: 'sjef@example.com', ADMIN_PASSWORD: 'sjefens-passord' };
const started: ServerProcess[] = [];
const folders: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const server of started) if (server.child.exitCode == null) server.child.kill('SIGTERM');
  await Promise.all(started.map((s) => s.exited));
  for (const cleanup of cleanups) await cleanup();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempDir(label: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `vaskedrift-${label}-`));
  folders.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  started.push(server);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

async function signIn(url: string) {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function post(url: string, token: string, route: string, body: unknown) {
  const res = await fetch(`${url}/api/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data: Record<string, unknown>; count?: number },
  };
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** What a user would see again after a restore: people, facilities, bays, alerts and readings. */
async function contents(url: string) {
  const [counts = {}] = await query<Record<string, number>>(
    url,
    `select (select count(*) from users)::int as users, (select count(*) from locations)::int as locations,
            (select count(*) from bays)::int as bays, (select count(*) from alerts)::int as alerts,
            (select count(*) from readings)::int as readings,
            (select coalesce(sum(cardinality(series)), 0) from readings)::int as values`,
  );
  const users = await query(url, 'select id, email, role, password_hash from users order by email');
  const bays = await query(
    url,
    'select b.id, l.name as location, b.name from bays b join locations l on l.id = b.location_id order by 2, 3',
  );
  return { counts, users, bays };
}

async function waitForReadings(url: string, atLeast: number) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const [row] = await query<{ n: number }>(
      url,
      'select coalesce(sum(cardinality(series)), 0)::int as n from readings',
    );
    if ((row?.n ?? 0) >= atLeast) return;
    if (Date.now() > deadline) throw new Error('the engine wrote no readings');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function readingsSample(url: string, of?: Array<{ read_at: Date; api: number }>) {
  const columns = 'read_at, api, series, value, exact, level, text';
  if (!of) return query(url, `select ${columns} from readings order by read_at, api limit 20`);
  return query(
    url,
    `select ${columns} from readings
     where (read_at, api) in (select * from unnest($1::timestamptz[], $2::int[]))
     order by read_at, api`,
    [of.map((r) => r.read_at), of.map((r) => r.api)],
  );
}

/** The backup a command wrote, and the header a restore reads. */
function backupFileOf(output: string): string {
  const file = /Sikkerhetskopi skrevet: (\S+)/.exec(output)?.[1];
  if (!file) throw new Error(`no backup written:\n${output}`);
  return file;
}

describe.sequential('backup and restore of the embedded install', () => {
  const source = tempDir('source');
  const backups = tempDir('backups');
  const target = tempDir('target');
  let file = '';

  it('refuses API connections to other loopback ports while the demo runs, and the demo works', async () => {
    const server = await start({ DATA_DIR: source, ...admin });
    const key = readFileSync(path.join(source, 'secret.key'), 'utf8').trim();
    const adminUrl = runningEmbeddedAdminUrl(source, key);
    if (!adminUrl) throw new Error('no running embedded PostgreSQL');
    const db = withDatabase(adminUrl, 'vaskedrift');
    const token = await signIn(server.url);
    const [demoApi] = await query<{ id: string; endpoint_url: string }>(
      db,
      'select id, endpoint_url from apis order by name limit 1',
    );
    if (!demoApi) throw new Error('the demo made no APIs');
    const own = await post(server.url, token, 'backend/apis/check', { id: demoApi.id });
    expect(own.body.data.ok).toBe(true);
    const simulatorPort = Number(new URL(demoApi.endpoint_url).port);
    const other = await post(server.url, token, 'backend/apis/check', {
      draft: { endpointUrl: `http://127.0.0.1:${simulatorPort + 1}/status` },
    });
    expect(other.body.data).toMatchObject({ ok: false, error: 'Adressen er ikke tillatt (loopback)' });

    // A backup while the engine writes readings: no stop, no downtime.
    await waitForReadings(db, 20);
    const taken = await runCommand('src/backup-cli.ts', [], { DATA_DIR: source, BACKUP_DIR: backups });
    expect(taken.code, taken.output).toBe(0);
    file = backupFileOf(taken.output);
    expect(path.basename(file)).toMatch(/^vaskedrift-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.vdbackup$/);
    expect((await fetch(`${server.url}/api/v1/misc/ready`)).status).toBe(200);
    await stop(server);
  }, 180_000);

  it('restores into a fresh data directory with the same people, facilities, bays, alerts and readings', async () => {
    copyFileSync(path.join(source, 'secret.key'), path.join(target, 'secret.key'));
    const restored = await runCommand('src/restore-cli.ts', [file], { DATA_DIR: target });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('Gjenopprettet');

    const key = readFileSync(path.join(source, 'secret.key'), 'utf8').trim();
    const quiet = { info() {}, warn() {}, error() {} };
    const original = await startEmbeddedPostgres({ dataDir: source, secretKey: key, log: quiet });
    const copy = await startEmbeddedPostgres({ dataDir: target, secretKey: key, log: quiet });
    try {
      const before = await contents(withDatabase(original.adminUrl, 'vaskedrift'));
      const after = await contents(withDatabase(copy.adminUrl, 'vaskedrift'));
      // The engine went on writing after the snapshot: the copy holds what the backup's header counted.
      const header = JSON.parse(
        gunzipSync(readFileSync(file)).toString('utf8').split('\n', 1)[0] ?? '{}',
      ) as { tables: Array<{ name: string; rows: number }> };
      const counted = (name: string) => header.tables.find((t) => t.name === name)?.rows;
      expect(after.counts).toEqual({
        users: counted('users'),
        locations: counted('locations'),
        bays: counted('bays'),
        alerts: counted('alerts'),
        readings: counted('readings'),
        values: after.counts.values,
      });
      expect(after.counts.values).toBeGreaterThanOrEqual(20);
      expect(after.users).toEqual(before.users);
      expect(after.bays).toEqual(before.bays);
      expect(await readingsSample(withDatabase(copy.adminUrl, 'vaskedrift'))).toEqual(
        await readingsSample(withDatabase(original.adminUrl, 'vaskedrift')),
      );
    } finally {
      await copy.stop();
      await original.stop();
    }

    const server = await start({ DATA_DIR: target, ...admin });
    const token = await signIn(server.url);
    const locations = await post(server.url, token, 'backend/locations/get', {});
    expect(locations.status).toBe(200);
    expect(locations.body.count).toBe(6);
    await stop(server);
  }, 180_000);

  it('refuses a restore into a data directory that is not empty, and changes nothing', async () => {
    const key = readFileSync(path.join(target, 'secret.key'), 'utf8').trim();
    const quiet = { info() {}, warn() {}, error() {} };
    const countAll = async () => {
      const pgServer = await startEmbeddedPostgres({ dataDir: target, secretKey: key, log: quiet });
      try {
        return await contents(withDatabase(pgServer.adminUrl, 'vaskedrift'));
      } finally {
        await pgServer.stop();
      }
    };
    const before = await countAll();
    const refused = await runCommand('src/restore-cli.ts', [file], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Måldatabasen er ikke tom');
    expect(refused.output).toContain('Ingenting er endret.');
    expect(await countAll()).toEqual(before);

    // Without the key the sealed secrets were made with, nothing is restored either.
    const keyless = tempDir('keyless');
    const noKey = await runCommand('src/restore-cli.ts', [file], { DATA_DIR: keyless });
    expect(noKey.code).toBe(1);
    expect(noKey.output).toContain('Legg den hemmelige nøkkelen');
  }, 120_000);
});

describe.sequential('backup and restore on an external PostgreSQL (DATABASE_URL)', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const secretKey = randomBytes(32).toString('hex');
  const names = {
    source: `vd_backup_${randomBytes(5).toString('hex')}`,
    target: `vd_restore_${randomBytes(5).toString('hex')}`,
  };
  const sourceUrl = withDatabase(adminUrl, names.source);
  const targetUrl = withDatabase(adminUrl, names.target);
  const backups = tempDir('backups-external');
  let file = '';
  cleanups.push(async () => {
    await dropDatabase(adminUrl, names.source);
    await dropDatabase(adminUrl, names.target);
  });

  it('backs up while the engine writes and restores into a new empty database', async () => {
    await ensureDatabase(adminUrl, names.source);
    const env = { DATABASE_URL: sourceUrl, SECRET_KEY: secretKey, DEMO: 'true', ...admin };
    const server = await start(env);
    await waitForReadings(sourceUrl, 20);
    const taken = await runCommand('src/backup-cli.ts', [], { ...env, BACKUP_DIR: backups });
    expect(taken.code, taken.output).toBe(0);
    file = backupFileOf(taken.output);
    await stop(server);

    await ensureDatabase(adminUrl, names.target);
    const restored = await runCommand('src/restore-cli.ts', [file], {
      DATABASE_URL: targetUrl,
      SECRET_KEY: secretKey,
    });
    expect(restored.code, restored.output).toBe(0);
    const before = await contents(sourceUrl);
    const after = await contents(targetUrl);
    expect(after.users).toEqual(before.users);
    expect(after.bays).toEqual(before.bays);
    expect(after.counts.values).toBeGreaterThanOrEqual(20);
    // The source went on checking after the backup: each restored row is the source's row, value for value.
    const restoredRows = await readingsSample(targetUrl);
    expect(restoredRows.length).toBeGreaterThan(0);
    expect(restoredRows).toEqual(
      await readingsSample(sourceUrl, restoredRows as Array<{ read_at: Date; api: number }>),
    );

    const restoredServer = await start({
      DATABASE_URL: targetUrl,
      SECRET_KEY: secretKey,
      DEMO: 'false',
      ...admin,
    });
    const token = await signIn(restoredServer.url);
    expect((await post(restoredServer.url, token, 'backend/locations/get', {})).body.count).toBe(6);
    // The VAPID pair made at the source's first start travels with it (decision 038): devices subscribed
    // there still get pushes. The restored server answers the same key and opens its sealed half.
    const [source] = await query<{ public_key: string }>(sourceUrl, 'select public_key from web_push_keys');
    const config = await fetch(`${restoredServer.url}/api/v1/backend/users/push/config`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(source?.public_key).toEqual(expect.any(String));
    expect(((await config.json()) as { data: { publicKey: string } }).data.publicKey).toBe(
      source?.public_key,
    );
    await stop(restoredServer);
  }, 180_000);

  it('refuses a database that is not empty, and a different secret key, changing nothing', async () => {
    const before = await contents(targetUrl);
    const refused = await runCommand('src/restore-cli.ts', [file], {
      DATABASE_URL: targetUrl,
      SECRET_KEY: secretKey,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Måldatabasen er ikke tom');
    const wrongKey = await runCommand('src/restore-cli.ts', [file], {
      DATABASE_URL: targetUrl,
      SECRET_KEY: randomBytes(32).toString('hex'),
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.output).toContain('Den hemmelige nøkkelen er ikke den sikkerhetskopien ble tatt med');
    expect(await contents(targetUrl)).toEqual(before);
  }, 60_000);
});
