/** True for PostgreSQL's unique_violation on the named constraint (or any, without a name). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pg = cause as { code?: string; constraint?: string };
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** True for PostgreSQL's foreign_key_violation: the row is still referenced somewhere. */
export function isForeignKeyViolation(err: unknown): boolean {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  return (cause as { code?: string })?.code === '23503';
}
