import type { Role } from '@vaskedrift/shared';

/**
 * An event's renderer that renders once per audience (role and facilities) and hands the same result to
 * every reader of that audience: the members of a group share both, so a group of 1,000 is one rendering,
 * not 1,000 (bench/web-push.ts). One per event; the result is shared, so callers copy before they change it.
 */
export function renderedPerAudience<T>(
  render: (role: Role | null, locationIds: ReadonlySet<string>) => T,
): (role: Role | null, locationIds: ReadonlySet<string>) => T {
  const rendered = new Map<string, T>();
  return (role, locationIds) => {
    const key = `${role ?? ''}:${[...locationIds].sort().join(',')}`;
    const known = rendered.get(key);
    if (known !== undefined) return known;
    const fresh = render(role, locationIds);
    rendered.set(key, fresh);
    return fresh;
  };
}
