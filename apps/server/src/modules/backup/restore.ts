import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { guardClient, migrationJournal, runMigrations } from '../../db/client';
import {
  BackupError,
  type BackupHeader,
  backupHeaderSchema,
  END_OF_TABLE,
  keyFingerprint,
  qualifiedName,
  quoteIdent,
} from './backup-format';
import { copyColumns, dataTables, foreignKeyOrder, foreignKeys, userObjects } from './catalog';

const NEWLINE = 0x0a;

/** Reads the decompressed backup line by line, or passes a number of lines on in large chunks. */
class LineReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;

  constructor(stream: AsyncIterable<Buffer>) {
    this.source = stream[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  async line(): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf(NEWLINE);
      if (end >= 0) {
        const line = this.buffer.subarray(0, end).toString('utf8');
        this.buffer = this.buffer.subarray(end + 1);
        return line;
      }
      if (!(await this.fill())) return null;
    }
  }

  /** Hands exactly `count` lines to `sink`; a partial last line goes along once its rest is known to follow. */
  async lines(count: number, sink: (chunk: Buffer) => Promise<void>): Promise<void> {
    let left = count;
    while (left > 0) {
      if (this.buffer.length === 0 && !(await this.fill())) {
        throw new BackupError('Sikkerhetskopien slutter midt i en tabell (filen er avkortet)');
      }
      let end = 0;
      while (left > 0) {
        const newline = this.buffer.indexOf(NEWLINE, end);
        if (newline < 0) break;
        end = newline + 1;
        left--;
      }
      if (left > 0) end = this.buffer.length;
      await sink(this.buffer.subarray(0, end));
      this.buffer = this.buffer.subarray(end);
    }
  }
}

export type RestoreOptions = {
  /** An existing, empty database. */
  databaseUrl: string;
  file: string;
  secretKey: string;
};

export type RestoreResult = { header: BackupHeader; durationMs: number };

/**
 * Brings a backup back into an empty database: the schema of the backup's migration level first, then
 * every table copied in the file's (foreign-key) order inside one transaction, sequences set, row counts
 * verified, and finally this version's own migrations, so a backup of an older release restores into
 * a newer one. A target that is not empty is refused before anything is changed.
 */
export async function restoreBackup({
  databaseUrl,
  file,
  secretKey,
}: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  if (!existsSync(file)) throw new BackupError(`Finner ikke filen ${file}`);
  const gunzip = zlib.createGunzip();
  pipeline(createReadStream(file), gunzip, () => {});
  const reader = new LineReader(gunzip);
  try {
    const header = await readHeader(reader, file);
    if (header.keyFingerprint !== keyFingerprint(secretKey)) {
      throw new BackupError(
        'Den hemmelige nøkkelen er ikke den sikkerhetskopien ble tatt med. Legg den opprinnelige nøkkelen på ' +
          'plass først (DATA_DIR/secret.key, eller SECRET_KEY): uten den kan lagrede hemmeligheter ' +
          '(API-nøkler, klienthemmeligheter) ikke leses. Ingenting er endret.',
      );
    }
    const level = header.migration.tag;
    if (!level || !migrationJournal().some((entry) => entry.tag === level)) {
      throw new BackupError(
        `Sikkerhetskopien er tatt med en nyere Vaskedrift (${header.appVersion}) enn denne. ` +
          'Oppgrader først, og gjenopprett så. Ingenting er endret.',
      );
    }
    await refuseUnlessEmpty(databaseUrl);
    await runMigrations(databaseUrl, { upTo: level });
    try {
      await copyTables(databaseUrl, header, reader);
      await runMigrations(databaseUrl);
    } catch (err) {
      const reason = err instanceof BackupError ? err.message : (err as Error).message;
      throw new BackupError(
        `Gjenopprettingen feilet: ${reason}\nMåldatabasen har nå tabeller, men ingen data; tøm den (eller lag en ny) før et nytt forsøk.`,
      );
    }
    return { header, durationMs: Math.round(performance.now() - started) };
  } finally {
    gunzip.destroy();
  }
}

async function readHeader(reader: LineReader, file: string): Promise<BackupHeader> {
  let line: string | null;
  try {
    line = await reader.line();
  } catch {
    throw new BackupError(`${file} er ikke en sikkerhetskopi fra Vaskedrift (ikke gzip).`);
  }
  let parsed: unknown;
  try {
    parsed = line === null ? null : JSON.parse(line);
  } catch {
    parsed = null;
  }
  const header = backupHeaderSchema.safeParse(parsed);
  if (!header.success) {
    throw new BackupError(
      `${file} er ikke en sikkerhetskopi fra Vaskedrift, eller den er av et ukjent format.`,
    );
  }
  return header.data;
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = guardClient(
    new pg.Client({ connectionString: databaseUrl, application_name: 'vaskedrift-restore' }),
  );
  await client.connect().catch((err: unknown) => {
    throw new BackupError(`Får ikke kontakt med måldatabasen: ${(err as Error).message}`);
  });
  return client;
}

async function refuseUnlessEmpty(databaseUrl: string): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    const found = await userObjects(client);
    if (found.length > 0) {
      throw new BackupError(
        `Måldatabasen er ikke tom (den har blant annet ${found.slice(0, 3).join(', ')}). ` +
          'Gjenoppretting skjer bare til en tom database eller en ny datamappe. Ingenting er endret.',
      );
    }
  } finally {
    await client.end();
  }
}

async function copyTables(databaseUrl: string, header: BackupHeader, reader: LineReader): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    await client.query('begin');
    const present = new Map((await dataTables(client)).map((t) => [`${t.schema}.${t.name}`, t]));
    const targets = header.tables.map((table) => {
      const target = present.get(`${table.schema}.${table.name}`);
      if (!target || table.columns.some((column) => !target.columns.includes(column))) {
        throw new BackupError(
          `Tabellen ${table.name} i sikkerhetskopien passer ikke med skjemaet den ble tatt på`,
        );
      }
      return target;
    });
    // Keys no table order can satisfy are dropped while copying and added back, which validates them.
    const { cyclic } = foreignKeyOrder(targets, await foreignKeys(client));
    const byOid = new Map(targets.map((t) => [t.oid, t]));
    const dropped = cyclic.flatMap((key) => {
      const table = byOid.get(key.table);
      return table ? [{ key, table }] : [];
    });
    for (const { key, table } of dropped) {
      await client.query(`alter table ${qualifiedName(table)} drop constraint ${quoteIdent(key.name)}`);
    }
    for (const table of header.tables) {
      const stream = client.query(
        copyFrom(`copy ${qualifiedName(table)} (${copyColumns(table.columns)}) from stdin`),
      );
      const finished = once(stream, 'finish');
      await reader.lines(table.rows, async (chunk) => {
        if (!stream.write(chunk)) await once(stream, 'drain');
      });
      stream.end();
      await finished;
      if ((await reader.line()) !== END_OF_TABLE) {
        throw new BackupError(
          `Sikkerhetskopien er skadet: tabellen ${table.name} har flere rader enn oppgitt`,
        );
      }
    }
    for (const { key, table } of dropped) {
      await client.query(
        `alter table ${qualifiedName(table)} add constraint ${quoteIdent(key.name)} ${key.definition}`,
      );
    }
    for (const sequence of header.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        qualifiedName(sequence),
        sequence.lastValue,
      ]);
    }
    for (const table of header.tables) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from ${qualifiedName(table)}`);
      if (Number(rows[0]?.count) !== table.rows) {
        throw new BackupError(`Tabellen ${table.name} fikk ${rows[0]?.count} rader, ventet ${table.rows}`);
      }
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
