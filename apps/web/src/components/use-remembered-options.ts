import { useRef } from 'react';

export interface Option {
  value: string;
  label: string;
}

/**
 * The options a server search found, with the chosen values it no longer lists put first: every label
 * seen once (or given as `known`, e.g. a saved record's names) is remembered, so a chosen value keeps its
 * name while the user searches for another. `labelOf` answers a remembered label.
 */
export function useRememberedOptions(
  found: readonly Option[],
  chosen: readonly string[],
  known: readonly Option[] = [],
) {
  const labels = useRef(new Map<string, string>());
  for (const option of [...known, ...found]) labels.current.set(option.value, option.label);
  const listed = new Set(found.map((option) => option.value));
  const missing = chosen.flatMap((value) => {
    const label = labels.current.get(value);
    return !listed.has(value) && label !== undefined ? [{ value, label }] : [];
  });
  return {
    options: [...missing, ...found],
    labelOf: (value: string | null) => (value === null ? undefined : labels.current.get(value)),
  };
}
