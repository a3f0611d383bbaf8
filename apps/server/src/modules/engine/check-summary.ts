/*
 * What 'Test tilkobling' shows of a response: the dot paths found in its first records and the records
 * themselves, shortened, so an admin can pick key identifiers and paths without reading the raw body.
 */

const MAX_PATHS = 200;
const MAX_DEPTH = 5;
const SAMPLE_RECORDS = 20;

/** Dot paths of the leaves (and arrays) in the first records, in the order first seen. */
export function collectPaths(records: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (seen.size >= MAX_PATHS) return;
    if (Array.isArray(value)) {
      if (prefix) seen.add(prefix);
      if (depth < MAX_DEPTH && value.length > 0) walk(value[0], `${prefix}.0`, depth + 1);
      return;
    }
    if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) {
        if (prefix) seen.add(prefix);
        return;
      }
      for (const key of Object.keys(value)) {
        walk((value as Record<string, unknown>)[key], prefix ? `${prefix}.${key}` : key, depth + 1);
      }
      return;
    }
    if (prefix) seen.add(prefix);
  };
  for (const record of records.slice(0, SAMPLE_RECORDS)) walk(record, '', 0);
  return [...seen];
}

/** A copy with long strings cut, arrays shortened and deep nesting elided: safe to show whole. */
export function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return `[${value.length} elementer]`;
    const head = value.slice(0, 10).map((v) => shorten(v, depth + 1));
    return value.length > 10 ? [...head, `… ${value.length - 10} til`] : head;
  }
  if (typeof value === 'object' && value !== null) {
    if (depth >= MAX_DEPTH) return '{…}';
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    for (const key of keys.slice(0, 50)) {
      // defineProperty: a `__proto__` key from JSON stays a plain field instead of setting the prototype.
      const field = shorten((value as Record<string, unknown>)[key], depth + 1);
      Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
    }
    if (keys.length > 50) out['…'] = `${keys.length - 50} felt til`;
    return out;
  }
  return value;
}
