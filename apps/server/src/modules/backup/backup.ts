import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { appliedMigration, guardClient } from '../../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupHeader,
  backupFileName,
  END_OF_TABLE,
  keyFingerprint,
  qualifiedName,
} from './backup-format';
import { copySource, dataTables, foreignKeyOrder, foreignKeys, sequences } from './catalog';

export type BackupOptions = {
  /** The Vaskedrift database (not the maintenance database). */
  databaseUrl: string;
  dir: string;
  appVersion: string;
  secretKey: string;
  now?: Date;
};

export type BackupResult = { file: string; bytes: number; durationMs: number; header: BackupHeader };

/**
 * Writes a backup of a running install without stopping it: one REPEATABLE READ READ ONLY transaction
 * is one snapshot, so every table is read as of the same instant while the engine goes on writing.
 * The file appears under its final name only when complete, readable by its owner only (personal data).
 */
export async function writeBackup({
  databaseUrl,
  dir,
  appVersion,
  secretKey,
  now,
}: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const createdAt = now ?? new Date();
  const file = path.resolve(dir, backupFileName(createdAt));
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true }).catch((err: unknown) => {
    throw new BackupError(
      `Kan ikke opprette mappen for sikkerhetskopier (${path.dirname(file)}): ${String(err)}`,
    );
  });
  const client = guardClient(
    new pg.Client({ connectionString: databaseUrl, application_name: 'vaskedrift-backup' }),
  );
  await client.connect().catch((err: unknown) => {
    throw new BackupError(`Får ikke kontakt med databasen: ${(err as Error).message}`);
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    const migration = await appliedMigration(client);
    if (!migration)
      throw new BackupError('Databasen er tom (ingen migreringer er kjørt); ingenting å ta kopi av.');
    const { ordered } = foreignKeyOrder(await dataTables(client), await foreignKeys(client));
    const tables = [];
    for (const table of ordered) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from ${qualifiedName(table)}`);
      tables.push({
        schema: table.schema,
        name: table.name,
        columns: table.columns,
        rows: Number(rows[0]?.count),
      });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion,
      createdAt: createdAt.toISOString(),
      migration: { tag: migration.tag, when: migration.when },
      keyFingerprint: keyFingerprint(secretKey),
      tables,
      // Sequences are not part of the snapshot; read now, they are at or past every row in it.
      sequences: await sequences(client),
    };

    const out = createWriteStream(partial, { mode: 0o600 });
    const gzip = zlib.createGzip({ level: 6 });
    const written = pipeline(gzip, out);
    const write = async (chunk: Buffer | string) => {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    };
    try {
      await write(`${JSON.stringify(header)}\n`);
      for (const [i, table] of tables.entries()) {
        const stream = client.query(
          copyTo(`copy ${copySource({ ...table, partitioned: ordered[i]?.partitioned ?? false })} to stdout`),
        );
        for await (const chunk of stream as AsyncIterable<Buffer>) await write(chunk);
        if (stream.rowCount !== table.rows) {
          throw new BackupError(`Tabellen ${table.name} ga ${stream.rowCount} rader, ventet ${table.rows}`);
        }
        await write(`${END_OF_TABLE}\n`);
      }
      gzip.end();
      await written;
    } catch (err) {
      gzip.destroy();
      await written.catch(() => {});
      await rm(partial, { force: true });
      if (err instanceof BackupError) throw err;
      throw new BackupError(`Sikkerhetskopien kunne ikke skrives til ${partial}: ${(err as Error).message}`);
    }
    await client.query('commit');
    await rename(partial, file);
    return {
      file,
      bytes: (await stat(file)).size,
      durationMs: Math.round(performance.now() - started),
      header,
    };
  } finally {
    await client.end().catch(() => {});
  }
}
