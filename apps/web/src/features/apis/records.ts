import { readPath } from '@vaskedrift/shared';

/** The value at a dot path in a record, as the engine reads it; undefined when missing. */
export function valueAt(record: unknown, path: string): unknown {
  const reading = readPath(record, path);
  return reading.found ? reading.value : undefined;
}

/** A likely key identifier among the fields of a record ("bayId", "device.id", "unit"), for display only. */
export function guessKeyIdentifier(keys: readonly string[]): string | undefined {
  return keys.find((key) => /(^|\.)(id|key|unit)$/i.test(key)) ?? keys.find((key) => /id$/i.test(key));
}
