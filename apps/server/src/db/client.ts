import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;
export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

/** `name` is the pool's `application_name` in `pg_stat_activity` (the engine's pool has its own, decision 029). */
export function connectDatabase(url: string, max = 10, name = 'vaskedrift'): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: name, keepAlive: true });
  guardPool(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * A connection that dies (database restart, failover, network) emits `error` on its client and, when the
 * pool holds it idle, on the pool. Unheard, either ends the process. The query in flight, if any, fails on
 * its own and is retried by its caller; a client checked out when it died goes back to the pool broken and
 * is dropped there (pg-pool checks `_queryable`). Every pool and long-held client of the server goes
 * through here or `guardClient`.
 */
function guardPool(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', guardClient);
  return pool;
}

export function guardClient<C extends pg.ClientBase>(client: C): C {
  client.on('error', () => {});
  return client;
}

/** The committed SQL migrations sit beside this file, in src/db/ and in the bundled dist/ alike. */
function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

const MIGRATION_LOCK = 727_001;

export type MigrationEntry = { idx: number; when: number; tag: string };

/** The committed migrations in order; `when` is what drizzle records as a migration's `created_at`. */
export function migrationJournal(): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  return (journal.entries as MigrationEntry[]).map(({ idx, when, tag }) => ({ idx, when, tag }));
}

/**
 * Runs pending migrations; an advisory lock lets several instances start at once on one database.
 * `upTo` stops after that migration (a restore first rebuilds the schema its backup was taken on):
 * drizzle reads a copy of the folder whose journal ends there.
 */
export async function runMigrations(url: string, { upTo }: { upTo?: string } = {}): Promise<void> {
  let folder = migrationsFolder();
  if (upTo !== undefined) {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
    const last = (journal.entries as MigrationEntry[]).findIndex((entry) => entry.tag === upTo);
    if (last < 0) throw new Error(`Ukjent migrering: ${upTo}`);
    const cut = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-migrations-'));
    cpSync(folder, cut, { recursive: true });
    writeFileSync(
      path.join(cut, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
    );
    folder = cut;
  }
  const client = guardClient(new pg.Client({ connectionString: url }));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
    if (upTo !== undefined) rmSync(folder, { recursive: true, force: true });
  }
}

/** The newest migration applied to the database (drizzle's own record), or null on an empty database. */
export async function appliedMigration(
  client: pg.ClientBase,
): Promise<MigrationEntry | { when: number; tag: null } | null> {
  const table = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!table.rows[0]?.name) return null;
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!rows[0]) return null;
  const when = Number(rows[0].created_at);
  return migrationJournal().find((entry) => entry.when === when) ?? { when, tag: null };
}
