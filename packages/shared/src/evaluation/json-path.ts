/*
 * The JSON-path reader: a dot path (`chemicals.0.level`, `sensors[2].value`) parsed once and read from a
 * parsed JSON body without ever reaching the prototype chain. Bay and API attributes name their values
 * with it, and an OAuth2 token endpoint's answer is read with it too (`tokenPath`).
 */

/** A JSON object. */
export type JsonRecord = Record<string, unknown>;

/** Path segments never followed: reading them would reach the prototype chain, not the data. */
export const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** Longer paths are refused; real controller responses nest a handful of levels. */
export const MAX_PATH_SEGMENTS = 100;

export type ParsedPath = readonly string[];

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * Splits a dot path into segments: `chemicals.0.level`, `sensors[2].value` and `[0].id` give
 * `['chemicals','0','level']`, `['sensors','2','value']`, `['0','id']`. Brackets hold an array index only.
 * Blank, `a..b`, `a.`, an unclosed or non-numeric bracket, or more than `MAX_PATH_SEGMENTS` segments →
 * null. Keys containing dots cannot be named.
 */
export function parsePath(path: string): ParsedPath | null {
  const text = path.trim();
  if (text.length === 0) return null;
  const segments: string[] = [];
  let current = '';
  // After `]` a segment has just ended; a following `.` then only separates, it does not end an empty one.
  let afterBracket = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '.') {
      if (afterBracket) {
        afterBracket = false;
        if (i === text.length - 1) return null;
        continue;
      }
      if (current.length === 0 || i === text.length - 1) return null;
      segments.push(current);
      current = '';
    } else if (char === '[') {
      if (current.length > 0) segments.push(current);
      else if (i > 0 && !afterBracket) return null;
      const close = text.indexOf(']', i + 1);
      if (close === -1) return null;
      const index = text.slice(i + 1, close).trim();
      if (!isDigits(index)) return null;
      segments.push(index);
      current = '';
      i = close;
      afterBracket = true;
      continue;
    } else if (char === ']') {
      return null;
    } else {
      if (afterBracket) return null;
      current += char;
    }
    afterBracket = false;
  }
  if (current.length > 0) segments.push(current);
  return segments.length > MAX_PATH_SEGMENTS ? null : segments;
}

export type PathReading = { found: true; value: unknown } | { found: false };

const NOT_FOUND: PathReading = { found: false };

/**
 * Reads the value at a path, following own properties of objects and indexes of arrays only: a
 * `__proto__`, `constructor` or `prototype` segment, an inherited property or `length` of an array reads as
 * missing. A value that is present but `null` is found (with value null).
 */
export function readPath(value: unknown, path: string | ParsedPath): PathReading {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  if (segments === null) return NOT_FOUND;
  let current = value;
  for (const segment of segments) {
    if (FORBIDDEN_SEGMENTS.has(segment)) return NOT_FOUND;
    if (Array.isArray(current)) {
      if (!isDigits(segment) || (segment.length > 1 && segment[0] === '0')) return NOT_FOUND;
      const index = Number(segment);
      if (index >= current.length) return NOT_FOUND;
      current = current[index];
    } else if (isRecord(current)) {
      if (!Object.hasOwn(current, segment)) return NOT_FOUND;
      current = current[segment];
    } else {
      return NOT_FOUND;
    }
  }
  return { found: true, value: current };
}
