import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, configuredDataDir } from '../../config';
import { DataDirInUseError } from '../../db/embedded';
import { BackupError } from './backup-format';

/**
 * Without DATABASE_URL and SECRET_KEY the key lives in DATA_DIR, and loading the config would generate a
 * new one there: a backup or restore must find the install's own key instead (`missing` says what to do).
 */
export function requireInstalledSecretKey(env: NodeJS.ProcessEnv, missing: (dataDir: string) => string) {
  if (env.DATABASE_URL || env.SECRET_KEY) return;
  const dataDir = configuredDataDir(env);
  if (!existsSync(path.join(dataDir, 'secret.key'))) throw new BackupError(missing(dataDir));
}

/** Runs a command: a failure we expect prints its Norwegian message, anything else its stack; exit 1. */
export function runCommand(main: () => Promise<void>, failedText: string) {
  main().catch((err: unknown) => {
    if (err instanceof BackupError || err instanceof ConfigError || err instanceof DataDirInUseError) {
      process.stderr.write(`\n${err.message}\n\n`);
    } else {
      process.stderr.write(
        `${failedText}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
    }
    process.exit(1);
  });
}
