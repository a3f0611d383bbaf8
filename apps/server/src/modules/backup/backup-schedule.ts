import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { writeBackup } from './backup';
import { BACKUP_FILE_PATTERN } from './backup-format';

/** Held by the one instance that takes scheduled backups, for as long as it runs. */
const BACKUP_LOCK = 727_016;

type Options = { databaseUrl: string; config: Config; log: Pick<Logger, 'info' | 'warn' | 'error'> };

/** Milliseconds until the next time the clock (server time) shows `hour`:00. */
function untilHour(hour: number, now: Date): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** Deletes all but the newest `keep` backups in `dir` (names sort by time). */
async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/**
 * A backup every day at BACKUP_HOUR, by one instance only: the first to take a session advisory lock
 * keeps it (and its connection) and is the one that backs up; when it stops, another takes over.
 */
export function startBackupSchedule({ databaseUrl, config, log }: Options): { stop(): Promise<void> } {
  const hour = config.backup.hour;
  if (hour === undefined) return { stop: async () => {} };
  let holder: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function holdLock(): Promise<boolean> {
    if (holder) return true;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'vaskedrift-backup-schedule',
    });
    client.on('error', () => {
      if (holder === client) holder = null;
    });
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      BACKUP_LOCK,
    ]);
    if (rows[0]?.locked) {
      holder = client;
      return true;
    }
    await client.end();
    return false;
  }

  async function run() {
    try {
      if (!(await holdLock())) return;
      const result = await writeBackup({
        databaseUrl,
        dir: config.backup.dir,
        appVersion: config.version,
        secretKey: config.secretKey,
      });
      const removed = await pruneBackups(config.backup.dir, config.backup.keep);
      log.info({ file: result.file, bytes: result.bytes, removed }, 'planlagt sikkerhetskopi skrevet');
    } catch (err) {
      log.error({ err }, 'planlagt sikkerhetskopi feilet');
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = run().finally(schedule);
      },
      untilHour(hour as number, new Date()),
    );
    timer.unref();
  }
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await holder?.end().catch(() => {});
    },
  };
}
