import { z } from 'zod';

/*
 * Bounds on the free-form JSON the API accepts (docs/decisions/012-bounded-input.md). A value is measured
 * by an iterative walk, never by recursion or `JSON.stringify` of the whole value, so that a value nested
 * thousands of levels deep is refused instead of overflowing the stack.
 */

/** Nesting a free-form field may have: `{}` is one level, `{"a": []}` two. Settings never come close. */
export const MAX_JSON_FIELD_DEPTH = 16;

export type JsonBounds = {
  /** Levels of objects and arrays. */
  maxDepth: number;
  /** Length of the value's JSON text (as `JSON.stringify(value).length` counts it). */
  maxLength: number;
};

/** The first bound `value` breaks, or null. Stops at the first excess, so a huge value costs little. */
export function exceededJsonBound(
  value: unknown,
  { maxDepth, maxLength }: JsonBounds,
): 'depth' | 'size' | null {
  let length = 0;
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = (depths.pop() ?? 0) + 1;
    if (current === null || typeof current !== 'object') {
      // A scalar's own text; JSON.stringify of a scalar does not recurse.
      length += JSON.stringify(current)?.length ?? 0;
    } else if (depth > maxDepth) {
      return 'depth';
    } else if (Array.isArray(current)) {
      // Brackets and commas, then each item.
      length += 2 + Math.max(current.length - 1, 0);
      if (length > maxLength) return 'size';
      for (const item of current) {
        values.push(item);
        depths.push(depth);
      }
    } else {
      const entries = Object.entries(current).filter(([, item]) => item !== undefined);
      // Braces and commas, then each quoted key with its colon, then each value.
      length += 2 + Math.max(entries.length - 1, 0);
      for (const [key, item] of entries) {
        length += JSON.stringify(key).length + 1;
        if (length > maxLength) return 'size';
        values.push(item);
        depths.push(depth);
      }
    }
    if (length > maxLength) return 'size';
  }
  return null;
}

export type JsonFieldBounds = {
  /** The field as a Norwegian noun in definite form, e.g. 'Detaljene': the messages name it. */
  label: string;
  /** A multiple of 1024: the message gives it in kB. */
  maxLength: number;
  maxDepth?: number;
  /** Replaces the derived message where a field already had its own wording. */
  tooLargeMessage?: string;
};

/**
 * The one way a schema accepts free-form JSON (a record of unknowns, an object keeping unknown keys):
 * `.check(jsonBounds({...}))` bounds it in size and depth, refused with a Norwegian message naming the field.
 */
export function jsonBounds({
  label,
  maxLength,
  maxDepth = MAX_JSON_FIELD_DEPTH,
  tooLargeMessage,
}: JsonFieldBounds) {
  const tooLarge = tooLargeMessage ?? `${label} kan ikke være større enn ${maxLength / 1024} kB`;
  const tooDeep = `${label} kan ikke være nestet i mer enn ${maxDepth} nivåer`;
  return z.superRefine((value: unknown, ctx) => {
    const exceeded = exceededJsonBound(value, { maxDepth, maxLength });
    if (exceeded) ctx.addIssue({ code: 'custom', message: exceeded === 'depth' ? tooDeep : tooLarge });
  });
}
