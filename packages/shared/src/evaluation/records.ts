import {
  FORBIDDEN_SEGMENTS,
  isRecord,
  type JsonRecord,
  type ParsedPath,
  parsePath,
  readPath,
} from './json-path';

export type RecordIndex = Map<string, JsonRecord>;

/**
 * The records (objects) of a response body: the body itself when it is an array, else the array at
 * `recordsPath` when given, else the first array property at the top level. Elements that are not objects
 * are dropped. No array where one is looked for → null; an empty array → [].
 */
export function extractRecords(body: unknown, recordsPath?: string | ParsedPath | null): JsonRecord[] | null {
  let array: unknown;
  if (Array.isArray(body)) {
    array = body;
  } else if (recordsPath !== undefined && recordsPath !== null && recordsPath !== '') {
    const reading = readPath(body, recordsPath);
    if (!reading.found) return null;
    array = reading.value;
  } else if (isRecord(body)) {
    for (const key of Object.keys(body)) {
      if (!FORBIDDEN_SEGMENTS.has(key) && Array.isArray(body[key])) {
        array = body[key];
        break;
      }
    }
  }
  if (!Array.isArray(array)) return null;
  return array.filter(isRecord);
}

/** A key value as the string bay attributes compare with; objects, arrays and null name no bay. */
function keyString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** Records by the string value at `keyIdentifier`; on duplicate keys the first record wins. */
export function indexRecords(
  records: readonly JsonRecord[],
  keyIdentifier: string | ParsedPath,
): RecordIndex {
  const index: RecordIndex = new Map();
  const path = typeof keyIdentifier === 'string' ? parsePath(keyIdentifier) : keyIdentifier;
  if (path === null) return index;
  for (const record of records) {
    const reading = readPath(record, path);
    if (!reading.found) continue;
    const key = keyString(reading.value);
    if (key !== null && !index.has(key)) index.set(key, record);
  }
  return index;
}
