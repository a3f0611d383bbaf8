/**
 * Shared by the benches: the PostgreSQL server for a scratch database; and for those that run the built
 * server (`realtime.ts`, `realtime-browser.ts`,
 * `dashboard-browser.ts`): `apps/server/dist/server.js` as a child process on a fixed port (so it can be
 * restarted on the same address and its CPU read from /proc apart from the bench's), bench users straight
 * in the database, sign-in and admin API calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { hashPassword } from '../apps/server/src/lib/password';
import { chromiumLaunchOptions } from '../e2e/helpers/chromium';
import { seedBays } from './seed-bays';

/**
 * The PostgreSQL server a bench makes its scratch database on: the one at `DATABASE_URL` (any database
 * name; it only connects there to create its own), otherwise an embedded one in a temporary directory.
 */
export async function postgresServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-bench-'));
  const log = { info() {}, warn() {}, error: console.error };
  const embedded = await startEmbeddedPostgres({ dataDir, secretKey: randomBytes(32).toString('hex'), log });
  return {
    adminUrl: embedded.adminUrl,
    stop: async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');
export const webIndex = path.join(root, 'apps/web/dist/index.html');

export function assertBuilt(): void {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) {
      console.error(`Fant ikke ${path.relative(root, file)}: kjør \`npm run build\` først.`);
      process.exit(1);
    }
  }
}

/**
 * Numeric options as `--name value` flags or `NAME` in the environment (`bays-per-facility` →
 * `BAYS_PER_FACILITY`); `text` reads the same way for a string option.
 */
export function benchOptions(names: readonly string[]) {
  const { values: flags } = parseArgs({
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
    strict: true,
  });
  const text = (name: string): string | undefined =>
    (flags[name] as string | undefined) ?? process.env[name.toUpperCase().replaceAll('-', '_')];
  const option = (name: string, fallback: number): number => {
    const value = text(name);
    return value === undefined || value === '' ? fallback : Number(value);
  };
  return { option, text };
}

/** The system Chromium, headless, launched as the end-to-end tests launch it (e2e/helpers/chromium.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

export function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerEnv = {
  databaseUrl: string;
  port: number;
  secretKey: string;
  admin?: Credentials;
  /** How long it may take to answer (30 s; the demo's first start writes 90 days of history first). */
  startSeconds?: number;
};
export type Credentials = { email: string; password: string };

/** Starts the built server and waits until it answers; `startedAt` is when the process was spawned. */
export async function startServer(options: ServerEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [serverEntry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SECRET_KEY: options.secretKey,
      ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      CHECKS_ENABLED: 'false',
    },
  });
  const base = `http://127.0.0.1:${options.port}`;
  const startSeconds = options.startSeconds ?? 30;
  for (let i = 0; i < startSeconds * 20; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (code ${child.exitCode})`);
    const ok = await fetch(`${base}/api/v1/misc/fallback`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start within ${startSeconds} s`);
}

/**
 * `facilities` × `baysPerFacility` bays seeded into `databaseUrl`, then the built server on a free port with
 * a superadmin made for the run (its sign-in in `admin`).
 */
export async function startSeededServer(databaseUrl: string, locations: number, baysPerLocation: number) {
  const seeded = await seedBays(databaseUrl, locations, baysPerLocation);
  console.log(`Seeded ${seeded.locations} facilities, ${seeded.bays} bays in ${seeded.ms} ms`);
  const admin = { email: 'bench-admin@example.com', password: randomBytes(12).toString('hex') };
  const started = await startServer({
    databaseUrl,
    port: await freePort(),
    secretKey: randomBytes(32).toString('hex'),
    admin,
  });
  return { ...started, admin };
}

export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of a process in MB, from /proc/<pid>/status. */
export function processRssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export type BenchUser = Credentials & { id: string; role: 'admin' | 'operator'; locationIds: string[] };

/**
 * `admins` admins and `operators` operators (one shared password hash), operator i granted `grantsEach`
 * facilities starting at facility (i × stride): every operator a different subset.
 */
export async function insertUsers(
  databaseUrl: string,
  options: { admins: number; operators: number; grantsEach: number },
): Promise<BenchUser[]> {
  const password = 'bench-passord-123';
  const hash = await hashPassword(password);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: locations } = await client.query<{ id: string }>(
      'select id from locations where deleted_at is null order by name',
    );
    const users: BenchUser[] = [];
    const total = options.admins + options.operators;
    const { rows } = await client.query<{ id: string; email: string; role: 'admin' | 'operator' }>(
      `insert into users (email, password_hash, first_name, last_name, role)
       select 'bench' || n || '@example.com', $1, 'Bench', 'Bruker ' || n,
              case when n <= $2 then 'admin' else 'operator' end
       from generate_series(1, $3::int) as n order by n
       returning id, email, role`,
      [hash, options.admins, total],
    );
    const grantUsers: string[] = [];
    const grantLocations: string[] = [];
    let operatorIndex = 0;
    for (const row of rows) {
      const user: BenchUser = { ...row, password, locationIds: [] };
      if (row.role === 'operator') {
        // Consecutive operators' windows overlap partly and wrap around: all different subsets.
        const start = (operatorIndex * 7) % locations.length;
        for (let g = 0; g < Math.min(options.grantsEach, locations.length); g++) {
          const id = locations[(start + g * 3) % locations.length]?.id as string;
          if (user.locationIds.includes(id)) continue;
          user.locationIds.push(id);
          grantUsers.push(row.id);
          grantLocations.push(id);
        }
        operatorIndex += 1;
      }
      users.push(user);
    }
    await client.query(
      `insert into user_location_access (user_id, location_id)
       select * from unnest($1::uuid[], $2::uuid[])`,
      [grantUsers, grantLocations],
    );
    return users;
  } finally {
    await client.end();
  }
}

/** Signs in through the real GoTrue route; answers the access token. */
export async function signIn(base: string, user: Credentials): Promise<string> {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`innlogging ${user.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** `PATCH /api/v1/backend/bays/update {id, status}`: a status set by hand, its period, then the events. */
export async function setBayStatus(base: string, token: string, bayId: string, status: string) {
  const res = await fetch(`${base}/api/v1/backend/bays/update`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: bayId, status }),
  });
  if (!res.ok) throw new Error(`bays/update: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}
