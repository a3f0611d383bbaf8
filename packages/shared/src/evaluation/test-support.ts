/** Helpers for the evaluation tests. */

/** A value nested `depth` objects deep (`{ n0: { n1: … leaf } }`) and the dot path to its leaf. */
export function nested(depth: number, leaf: unknown): { value: unknown; path: string } {
  let value = leaf;
  for (let i = depth - 1; i >= 0; i--) value = { [`n${i}`]: value };
  return { value, path: Array.from({ length: depth }, (_, i) => `n${i}`).join('.') };
}
