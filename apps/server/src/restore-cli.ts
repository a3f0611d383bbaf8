import path from 'node:path';
import { loadConfig } from './config';
import {
  BackupError,
  openForRestore,
  requireInstalledSecretKey,
  restoreBackup,
  runCommand,
} from './modules/backup';
import { VERSION } from './version';

/** `npm run restore <file>`: a backup into an empty data directory or empty database (decision 016). */
async function main() {
  const file = process.argv[2];
  if (!file) throw new BackupError('Bruk: npm run restore <fil>   (en .vdbackup-fil fra npm run backup)');
  // The sealed secrets in the backup need the key they were sealed with.
  requireInstalledSecretKey(
    process.env,
    (dataDir) =>
      `Legg den hemmelige nøkkelen fra installasjonen kopien ble tatt av i ${path.join(dataDir, 'secret.key')} ` +
      '(eller sett SECRET_KEY) før gjenoppretting. Ingenting er endret.',
  );
  const config = loadConfig(process.env, VERSION);
  const database = await openForRestore(config);
  try {
    const { header, durationMs } = await restoreBackup({
      databaseUrl: database.url,
      file: path.resolve(file),
      secretKey: config.secretKey,
    });
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Gjenopprettet ${path.basename(file)} (tatt ${header.createdAt}, Vaskedrift ${header.appVersion}):\n` +
        `  ${header.tables.length} tabeller, ${rows} rader, ${(durationMs / 1000).toFixed(1)} s. Start serveren som vanlig.\n`,
    );
  } finally {
    await database.close();
  }
}

runCommand(main, 'Gjenopprettingen feilet');
