/** The list with the item at `from` moved to `to` (indexes in the list as it was). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** `items` in the order of `ids`; items missing from `ids` keep their relative order at the end. */
export function orderByIds<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) => (rank.get(a.item.id) ?? ids.length + a.index) - (rank.get(b.item.id) ?? ids.length + b.index),
    )
    .map(({ item }) => item);
}
