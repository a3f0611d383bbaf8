import { loadConfig } from './config';
import { openForBackup, requireInstalledSecretKey, runCommand, writeBackup } from './modules/backup';
import { VERSION } from './version';

/** `npm run backup`: a consistent backup of the install, running or not (decision 016). */
async function main() {
  requireInstalledSecretKey(
    process.env,
    (dataDir) =>
      `Fant ingen Vaskedrift-installasjon i ${dataDir}. Sett DATA_DIR til installasjonens datamappe, ` +
      'eller DATABASE_URL og SECRET_KEY for en ekstern database.',
  );
  const config = loadConfig(process.env, VERSION);
  const database = await openForBackup(config);
  try {
    const { file, bytes, durationMs, header } = await writeBackup({
      databaseUrl: database.url,
      dir: config.backup.dir,
      appVersion: VERSION,
      secretKey: config.secretKey,
    });
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Sikkerhetskopi skrevet: ${file}\n` +
        `  ${header.tables.length} tabeller, ${rows} rader, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${(durationMs / 1000).toFixed(1)} s\n` +
        '  Ta vare på den hemmelige nøkkelen sammen med kopien (DATA_DIR/secret.key eller SECRET_KEY):\n' +
        '  uten den kan ikke lagrede hemmeligheter leses etter en gjenoppretting. Kopien inneholder personopplysninger.\n',
    );
  } finally {
    await database.close();
  }
}

runCommand(main, 'Sikkerhetskopien feilet');
