import type pg from 'pg';
import { qualifiedName, quoteIdent } from './backup-format';

/** Schemas that hold no data of ours: PostgreSQL's own, and drizzle's record of applied migrations. */
const NOT_OURS = `('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')`;
/**
 * Tables computed from the others, left out of a backup: the statistics rollup (decision 023) would be
 * forgotten anyway as the history it was computed from is copied back (its triggers), and the rollup job
 * computes it again after a restore.
 */
const DERIVED = `('public.bay_figure_days')`;

export type CatalogTable = {
  oid: number;
  schema: string;
  name: string;
  columns: string[];
  /** A partitioned table: copied as a whole through its parent, whatever partitions it has. */
  partitioned: boolean;
};
export type ForeignKey = { table: number; references: number; name: string; definition: string };

/**
 * Every table that holds rows, read from the catalog so a backup covers whatever the migrations of its
 * release made, with its stored columns (generated columns are computed again on restore). A partitioned
 * table counts as one, through its parent: its partitions are made at run time (decision 022), so the
 * target has other ones (or only its default partition, which a restore fills and the readings job then
 * files into partitions).
 */
export async function dataTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const { rows } = await client.query<CatalogTable>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns, c.relkind = 'p' as partitioned
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ${NOT_OURS} and n.nspname not like 'pg_temp%'
        and n.nspname || '.' || c.relname not in ${DERIVED}
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      group by c.oid, n.nspname, c.relname, c.relkind
      order by n.nspname, c.relname`,
  );
  return rows;
}

export async function foreignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `select conrelid::int as table, confrelid::int as references, conname as name,
            pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'f'`,
  );
  return rows;
}

/**
 * Tables ordered so every table comes after the tables it references. Foreign keys inside a cycle (a
 * table referencing itself, or two referencing each other) cannot be satisfied by any order: they are
 * returned apart, for the restore to drop while it copies and to add back (validated) afterwards.
 */
export function foreignKeyOrder<T extends { oid: number }>(
  tables: T[],
  keys: ForeignKey[],
): { ordered: T[]; cyclic: ForeignKey[] } {
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const relevant = keys.filter((k) => byOid.has(k.table) && byOid.has(k.references));
  const ordered: T[] = [];
  const placed = new Set<number>();
  let remaining = relevant.filter((k) => k.table !== k.references);
  const cyclic = relevant.filter((k) => k.table === k.references);
  let pending = [...tables];
  while (pending.length > 0) {
    const ready = pending.filter(
      (t) => !remaining.some((k) => k.table === t.oid && !placed.has(k.references)),
    );
    if (ready.length === 0) {
      // A cycle: set aside one of its keys and go on.
      const stuck = pending.map((t) => t.oid);
      const key = remaining.find((k) => stuck.includes(k.table) && stuck.includes(k.references));
      if (!key) throw new Error('foreign-key order: no progress');
      cyclic.push(key);
      remaining = remaining.filter((k) => k !== key);
      continue;
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.oid);
    }
    pending = pending.filter((t) => !placed.has(t.oid));
  }
  return { ordered, cyclic };
}

export async function sequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ schema: string; name: string; lastValue: string | null }>(
    `select schemaname as schema, sequencename as name, last_value::text as "lastValue"
       from pg_sequences where schemaname not in ${NOT_OURS} order by 1, 2`,
  );
  return rows;
}

/** Any relation, type or function outside PostgreSQL's own schemas: a target with one is not empty. */
export async function userObjects(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
        and n.nspname not like 'pg_toast_temp%'
      order by n.nspname = 'drizzle', c.relkind <> 'r', 1 limit 20`,
  );
  return rows.map((r) => r.name);
}

export function copyColumns(columns: string[]): string {
  return columns.map(quoteIdent).join(', ');
}

/** What `COPY … TO` reads: the table, or for a partitioned one a query over all its partitions. */
export function copySource(table: { schema: string; name: string; columns: string[]; partitioned: boolean }) {
  return table.partitioned
    ? `(select ${copyColumns(table.columns)} from ${qualifiedName(table)})`
    : `${qualifiedName(table)} (${copyColumns(table.columns)})`;
}
