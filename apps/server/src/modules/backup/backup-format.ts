import { z } from 'zod';
import { deriveKey } from '../../lib/crypto';

/**
 * A backup file (decision 016): gzip of one JSON header line, then each table's rows in PostgreSQL's
 * COPY text format (one row per line; newlines inside values are escaped), each table closed by a line
 * `\.`, in the header's table order — which is foreign-key order, so a restore can copy table after table.
 */
export const BACKUP_FORMAT = 'vaskedrift-backup';
export const BACKUP_FORMAT_VERSION = 1;
const BACKUP_EXTENSION = '.vdbackup';
export const END_OF_TABLE = '\\.';

const tableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.number().int().min(0),
});

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  /** The newest migration applied when the backup was taken; a restore rebuilds exactly that schema. */
  migration: z.object({ tag: z.string().nullable(), when: z.number() }),
  /** Tells a restore whether it holds the secret key the sealed secrets need; never the key itself. */
  keyFingerprint: z.string(),
  tables: z.array(tableSchema),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export function keyFingerprint(secretKey: string): string {
  return deriveKey(secretKey, 'backup-fingerprint').toString('hex').slice(0, 16);
}

/** `vaskedrift-backup-2026-11-23T10-00-00Z.vdbackup`: sorts by time, and no colons for other file systems. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `vaskedrift-backup-${stamp}${BACKUP_EXTENSION}`;
}

export const BACKUP_FILE_PATTERN = /^vaskedrift-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.vdbackup$/;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualifiedName(table: { schema: string; name: string }): string {
  return `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

/** What went wrong, in words for whoever runs the command; nothing was changed unless it says so. */
export class BackupError extends Error {}
