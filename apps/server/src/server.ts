import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureDatabase, withDatabase } from './db/admin';
import { connectDatabase } from './db/client';
import { DataDirInUseError, type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded';
import { migrateWhenReachable } from './db/wait-for-database';
import { loopbackTarget } from './lib/outbound';
import { startBackupSchedule } from './modules/backup';
import { type Demo, startDemo } from './modules/demo';
import { ENGINE_POOL_SIZE } from './modules/engine';
import { ensureSuperadmin } from './modules/users';
import { VERSION } from './version';

const SHUTDOWN_TIMEOUT_MS = 30_000;

async function main() {
  const config = loadConfig(process.env, VERSION);
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDist ??= path.resolve(here, '../../web/dist');
  const log = pino({ level: config.logLevel });

  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, secretKey: config.secretKey, log });
    await ensureDatabase(embedded.adminUrl, 'vaskedrift');
    databaseUrl = withDatabase(embedded.adminUrl, 'vaskedrift');
  }

  const database = connectDatabase(databaseUrl);
  // The status engine's own pool: API requests can never take its connections (decision 029).
  const engineDatabase = connectDatabase(databaseUrl, ENGINE_POOL_SIZE, 'vaskedrift-engine');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let demo: Demo | null = null;
  let backups: { stop(): Promise<void> } | undefined;
  let shuttingDown = false;
  const starting = new AbortController();

  async function shutdown(signal: string, code = 0) {
    if (shuttingDown) {
      log.warn({ signal }, 'tvungen avslutning');
      process.exit(1);
    }
    shuttingDown = true;
    starting.abort();
    log.info({ signal }, 'avslutter: tar ikke imot nye forespørsler, fullfører pågående');
    const timer = setTimeout(() => {
      log.error('avslutningen tok for lang tid; avbryter');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app?.close();
      await backups?.stop();
      await demo?.stop();
      await database.close();
      await engineDatabase.close();
      await embedded?.stop();
      log.info('avsluttet');
    } catch (err) {
      log.error({ err }, 'feil under avslutning');
      code = 1;
    }
    process.exit(code);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await migrateWhenReachable(databaseUrl, {
      log,
      port: config.port,
      host: config.host,
      signal: starting.signal,
    });
    await ensureSuperadmin(database.db, config, log);
    // The demo (decision 008): on by default with the embedded database only. Outbound requests may
    // reach its simulator's own address and port, and no other loopback target (decision 016).
    const loopbackTargets: string[] = [];
    if (config.demo ?? embedded !== undefined) {
      demo = await startDemo({ db: database.db, config, log });
      if (demo) {
        const simulator = new URL(demo.simulator.url);
        loopbackTargets.push(loopbackTarget(simulator.hostname, Number(simulator.port)));
      }
    }
    app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      engineDb: engineDatabase.db,
      enginePool: engineDatabase.pool,
      databaseKind: embedded ? 'embedded' : 'external',
      loopbackTargets,
    });
    await app.listen({ port: config.port, host: config.host });
    backups = startBackupSchedule({ databaseUrl, config, log });
    const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    process.stdout.write(`\n  Vaskedrift ${VERSION} kjører på http://${shownHost}:${config.port}\n\n`);
  } catch (err) {
    if (shuttingDown) return; // stopped while it waited for the database
    log.fatal({ err }, 'oppstart feilet');
    await shutdown('startup-failure', 1);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(
      `Oppstart feilet: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
