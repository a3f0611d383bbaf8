import { type ParsedPath, parsePath } from '@vaskedrift/shared/evaluation';
import { HttpError } from './http';

/*
 * Values set by hand through the control API. They are kept as (path → value) per bay and written into the
 * freshly generated record of every response, so they stick across requests until cleared.
 */

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

interface Override {
  segments: ParsedPath;
  value: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseOverridePath(path: string): ParsedPath {
  const segments = parsePath(path);
  if (segments === null || segments.length === 0)
    throw new HttpError(400, 'invalid_path', `Invalid path "${path}"`);
  if (segments.some((segment) => FORBIDDEN.has(segment))) {
    throw new HttpError(400, 'invalid_path', `Path "${path}" names a forbidden key`);
  }
  return segments;
}

/**
 * A patch as leaf overrides: `{"chemicals": {"soap": 3}}`, `{"chemicals.soap": 3}` and
 * `{"sensors[0].v": 3}` all name one value. Arrays, null and empty objects are leaves, set as a whole.
 */
function flattenPatch(patch: unknown, prefix: ParsedPath = []): Override[] {
  if (!isPlainObject(patch)) {
    throw new HttpError(400, 'invalid_patch', 'The patch must be a JSON object of paths and values');
  }
  const overrides: Override[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const segments = [...prefix, ...parseOverridePath(key)];
    if (isPlainObject(value) && Object.keys(value).length > 0)
      overrides.push(...flattenPatch(value, segments));
    else overrides.push({ segments, value });
  }
  return overrides;
}

/** Writes `value` at `segments` inside `target`, creating objects on the way. */
function writePath(target: Record<string, unknown>, segments: ParsedPath, value: unknown) {
  let current: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as string;
    const next: unknown = Array.isArray(current) ? current[Number(segment)] : current[segment];
    const container: Record<string, unknown> | unknown[] =
      typeof next === 'object' && next !== null ? (next as Record<string, unknown> | unknown[]) : {};
    if (Array.isArray(current)) current[Number(segment)] = container;
    else current[segment] = container;
    current = container;
  }
  const last = segments[segments.length - 1] as string;
  const copy = typeof value === 'object' && value !== null ? structuredClone(value) : value;
  if (Array.isArray(current)) current[Number(last)] = copy;
  else current[last] = copy;
}

const isUnder = (segments: ParsedPath, prefix: ParsedPath) =>
  prefix.length <= segments.length && prefix.every((segment, i) => segments[i] === segment);

/** The overrides of every bay: facility id → bay key → path → value. */
export class OverrideStore {
  private readonly byLocation = new Map<string, Map<string, Map<string, Override>>>();

  set(locationId: string, bayKey: string, patch: unknown) {
    const overrides = flattenPatch(patch);
    const bays = this.byLocation.get(locationId) ?? new Map<string, Map<string, Override>>();
    this.byLocation.set(locationId, bays);
    const paths = bays.get(bayKey) ?? new Map<string, Override>();
    bays.set(bayKey, paths);
    for (const override of overrides) {
      // A value replaces whatever was set below it, so the newest write wins in a response.
      for (const [key, existing] of paths)
        if (isUnder(existing.segments, override.segments)) paths.delete(key);
      paths.set(override.segments.join('.'), override);
    }
  }

  /** Clears the given paths (and everything below them), or all of the bay's overrides. */
  clear(locationId: string, bayKey: string, paths?: readonly string[]) {
    const bayOverrides = this.byLocation.get(locationId)?.get(bayKey);
    if (bayOverrides === undefined) return;
    if (paths === undefined || paths.length === 0) {
      bayOverrides.clear();
      return;
    }
    for (const path of paths) {
      const prefix = parseOverridePath(path);
      for (const [key, existing] of bayOverrides)
        if (isUnder(existing.segments, prefix)) bayOverrides.delete(key);
    }
  }

  clearAll() {
    this.byLocation.clear();
  }

  /** The overrides of one facility, for the control API: bay key → path → value. */
  list(locationId: string): Record<string, Record<string, unknown>> {
    const result: Record<string, Record<string, unknown>> = {};
    for (const [bayKey, paths] of this.byLocation.get(locationId) ?? []) {
      if (paths.size === 0) continue;
      result[bayKey] = Object.fromEntries([...paths].map(([path, override]) => [path, override.value]));
    }
    return result;
  }

  /** Writes a bay's overrides into its generated record (in place) and returns it. */
  apply(locationId: string, bayKey: string, record: Record<string, unknown>): Record<string, unknown> {
    const paths = this.byLocation.get(locationId)?.get(bayKey);
    if (paths !== undefined)
      for (const override of paths.values()) writePath(record, override.segments, override.value);
    return record;
  }

  hasAny(locationId: string): boolean {
    const bays = this.byLocation.get(locationId);
    if (bays === undefined) return false;
    for (const paths of bays.values()) if (paths.size > 0) return true;
    return false;
  }
}
