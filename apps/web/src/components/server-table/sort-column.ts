/**
 * The server sort column for a table's sort accessor: the accessor itself when the API knows it, its
 * alias when the table's accessor differs from the API's name (e.g. `bayCount` → `bays`), else `fallback`.
 */
export function toSortColumn<C extends string>(
  accessor: unknown,
  known: readonly C[],
  fallback: C,
  aliases: Partial<Record<string, C>> = {},
): C {
  if (typeof accessor !== 'string') return fallback;
  const alias = Object.hasOwn(aliases, accessor) ? aliases[accessor] : undefined;
  if (alias !== undefined) return alias;
  return known.find((column) => column === accessor) ?? fallback;
}
