import pg from 'pg';
import { guardClient } from './client';

/** The same server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function onAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = guardClient(new pg.Client({ connectionString: adminUrl }));
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdmin(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    await client.query(`create database ${quoteIdent(name)}`).catch((err: { code?: string }) => {
      if (err.code !== '42P04') throw err; // created meanwhile by another process
    });
  });
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdmin(adminUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}
