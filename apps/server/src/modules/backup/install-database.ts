import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { ensureDatabase, withDatabase } from '../../db/admin';
import { runningEmbeddedAdminUrl, startEmbeddedPostgres } from '../../db/embedded';
import { BackupError } from './backup-format';

export type InstallDatabase = { url: string; kind: 'embedded' | 'external'; close(): Promise<void> };

const quiet = {
  info() {},
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
};

/**
 * The install's own database for `npm run backup`: DATABASE_URL, else the embedded PostgreSQL of
 * DATA_DIR — the running server's (reached on the port PostgreSQL records, with the password the
 * secret key derives), or, when no server runs, started here for the duration of the backup.
 */
export async function openForBackup(config: Config): Promise<InstallDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: 'external', close: async () => {} };
  if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new BackupError(
      `Fant ingen Vaskedrift-database i ${config.dataDir}. Sett DATA_DIR til installasjonens datamappe, ` +
        'eller DATABASE_URL for en ekstern database.',
    );
  }
  const running = runningEmbeddedAdminUrl(config.dataDir, config.secretKey);
  if (running) return { url: withDatabase(running, 'vaskedrift'), kind: 'embedded', close: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    secretKey: config.secretKey,
    log: quiet,
  });
  return {
    url: withDatabase(embedded.adminUrl, 'vaskedrift'),
    kind: 'embedded',
    close: () => embedded.stop(),
  };
}

/**
 * The target of `npm run restore`: DATABASE_URL (an existing, empty database), else DATA_DIR's embedded
 * PostgreSQL, created when the folder is new. A server running on DATA_DIR is refused: restore first.
 */
export async function openForRestore(config: Config): Promise<InstallDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, kind: 'external', close: async () => {} };
  if (runningEmbeddedAdminUrl(config.dataDir, config.secretKey)) {
    throw new BackupError(
      `En Vaskedrift-server kjører på ${config.dataDir}. Gjenopprett til en ny, tom datamappe mens serveren er ` +
        'stoppet. Ingenting er endret.',
    );
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    secretKey: config.secretKey,
    log: quiet,
  });
  try {
    await ensureDatabase(embedded.adminUrl, 'vaskedrift');
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return {
    url: withDatabase(embedded.adminUrl, 'vaskedrift'),
    kind: 'embedded',
    close: () => embedded.stop(),
  };
}
