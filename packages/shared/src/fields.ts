import { z } from 'zod';
import { dataResponse, listResponse } from './api';
import { MESSAGES } from './validation';

/** Messages of the field rules shared by facilities, bays, links and cameras. */
export const FIELD_MESSAGES = {
  nameRequired: 'Navn er påkrevd',
  nameTooShort: MESSAGES.nameTooShort,
  nameCharacters: 'Navnet kan bare inneholde bokstaver, tall og mellomrom',
  nameTooLong: 'Navnet kan ikke være lenger enn 100 tegn',
  urlRequired: 'URL er påkrevd',
  urlInvalid: 'Ugyldig URL',
  urlScheme: 'URL-en må begynne med http:// eller https://',
  urlTooLong: 'URL-en kan ikke være lenger enn 2048 tegn',
  sortOrderInvalid: 'Rekkefølgen må være et heltall fra 0 og oppover',
  sortColumnInvalid: 'Ugyldig sorteringskolonne',
  booleanInvalid: 'Ugyldig verdi (ja eller nei)',
} as const;

const NAME_MIN_LENGTH = 3;
const NAME_MAX_LENGTH = 100;

/**
 * Names of facilities, bays, links and cameras: longer than 2 letters, letters (æøå and other
 * Unicode letters), digits and spaces only. Normalised to NFC so a decomposed "å" counts as one letter.
 */
export const entityNameSchema = z
  .string({ error: FIELD_MESSAGES.nameRequired })
  .trim()
  .normalize('NFC')
  .min(1, FIELD_MESSAGES.nameRequired)
  .min(NAME_MIN_LENGTH, FIELD_MESSAGES.nameTooShort)
  .max(NAME_MAX_LENGTH, FIELD_MESSAGES.nameTooLong)
  .regex(/^[\p{L}\p{N} ]*$/u, FIELD_MESSAGES.nameCharacters);

/** True for a parseable absolute http(s) URL with a host. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function hasScheme(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value);
}

function checkHttpUrl(value: string, ctx: z.RefinementCtx) {
  if (value.length === 0 || isHttpUrl(value)) return;
  const otherScheme = hasScheme(value) && !/^https?:/i.test(value) && URL.canParse(value);
  ctx.addIssue({
    code: 'custom',
    message: otherScheme ? FIELD_MESSAGES.urlScheme : FIELD_MESSAGES.urlInvalid,
  });
}

/**
 * An absolute http or https URL. Another scheme (javascript:, file:, ftp:) gets its own message, so the
 * user knows what to change; anything unparseable is 'Ugyldig URL'.
 */
export const httpUrlSchema = z
  .string({ error: FIELD_MESSAGES.urlRequired })
  .trim()
  .min(1, FIELD_MESSAGES.urlRequired)
  .max(2048, FIELD_MESSAGES.urlTooLong)
  .superRefine(checkHttpUrl);

/** An optional URL: forms send '' for "none", so '' and null both store null. */
export const optionalHttpUrlSchema = z
  .string({ error: FIELD_MESSAGES.urlInvalid })
  .trim()
  .max(2048, FIELD_MESSAGES.urlTooLong)
  .superRefine(checkHttpUrl)
  .transform((value) => value || null)
  .nullable();

export const sortOrderSchema = z
  .number({ error: FIELD_MESSAGES.sortOrderInvalid })
  .int(FIELD_MESSAGES.sortOrderInvalid)
  .min(0, FIELD_MESSAGES.sortOrderInvalid)
  .max(1_000_000, FIELD_MESSAGES.sortOrderInvalid);

/** `sort` of a list request, limited to the columns a resource can sort by. */
export function sortSchema<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.object({
    column: z.enum(columns, { error: FIELD_MESSAGES.sortColumnInvalid }),
    direction: z.enum(['asc', 'desc'], { error: 'Ugyldig sorteringsretning' }).default('asc'),
  });
}

/** `POST …/get` answers one row for `{id}` and a page of rows otherwise. */
export function oneOrListResponse<T extends z.ZodType>(item: T) {
  return z.union([dataResponse(item), listResponse(item)]);
}

export const timestampSchema = z.string().describe('ISO 8601 tidspunkt');
