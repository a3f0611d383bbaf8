import { z } from 'zod';

/*
 * The schemas of an attribute's display fields (attribute-display.ts has the words they give), apart from
 * that module: the browser's first page formats values but holds no zod (decision 040).
 */

const DISPLAY_FIELD_MESSAGES = {
  displayNameTooLong: 'Visningsnavnet kan ikke være lenger enn 60 tegn',
  unitTooLong: 'Enheten kan ikke være lenger enn 12 tegn',
  labelTooLong: 'Ordet kan ikke være lenger enn 30 tegn',
} as const;

/** Optional text: blank or null clears it (stored as null), absent leaves it as it is. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** The display fields of `backend/bays/metrics/*` and, as defaults, `backend/apis/metrics/*`. */
export const displayFieldsShape = {
  displayName: optionalText(60, DISPLAY_FIELD_MESSAGES.displayNameTooLong),
  unit: optionalText(12, DISPLAY_FIELD_MESSAGES.unitTooLong),
  trueLabel: optionalText(30, DISPLAY_FIELD_MESSAGES.labelTooLong),
  falseLabel: optionalText(30, DISPLAY_FIELD_MESSAGES.labelTooLong),
};

/** As answered: null when not set. */
export const displayFieldsResponseShape = {
  displayName: z.string().nullable(),
  unit: z.string().nullable(),
  trueLabel: z.string().nullable(),
  falseLabel: z.string().nullable(),
};

export const valueLabelsSchema = z.object({
  name: z.string(),
  unit: z.string().nullable(),
  trueLabel: z.string().nullable(),
  falseLabel: z.string().nullable(),
});
