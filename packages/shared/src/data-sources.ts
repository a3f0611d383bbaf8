import { z } from 'zod';
import { dataResponse, idSchema } from './api';
import { timestampSchema } from './fields';

/**
 * Data sources (docs/domain.md): Markdown files admins upload to `/docs`, kept as text in PostgreSQL and
 * searched with its Norwegian full-text search (docs/decisions/027-data-sources.md).
 */
export const DATA_SOURCE_MAX_FILES = 10;
export const DATA_SOURCE_MAX_BYTES = 1024 * 1024;
const DATA_SOURCE_NAME_MAX_LENGTH = 200;
export const DATA_SOURCE_SEARCH_MAX_LENGTH = 200;
const DATA_SOURCE_EXTENSION = '.md';

export const DATA_SOURCE_MESSAGES = {
  missing: 'Velg minst én Markdown-fil å laste opp',
  notMultipart: 'Filene må sendes som multipart/form-data',
  tooMany: `Du kan laste opp høyst ${DATA_SOURCE_MAX_FILES} filer om gangen`,
  tooLarge: (name: string) => `«${name}» er større enn 1 MB`,
  wrongType: (name: string) => `«${name}» er ikke en Markdown-fil (.md)`,
  binary: (name: string) => `«${name}» er ikke ren tekst (UTF-8 uten binære tegn)`,
  empty: (name: string) => `«${name}» er tom`,
  badName: 'Filnavnet er ugyldig: det kan ikke inneholde mapper, skråstreker eller kontrolltegn',
  notFound: 'Fant ikke datakilden',
  deleted: 'Datakilden er slettet',
  uploaded: (count: number) => (count === 1 ? '1 fil er lastet opp' : `${count} filer er lastet opp`),
  searchRequired: 'Skriv hva du søker etter',
  searchTooLong: `Søket kan ikke være lenger enn ${DATA_SOURCE_SEARCH_MAX_LENGTH} tegn`,
} as const;

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. None belongs in Markdown text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY_CHARACTERS = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NAME_FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f]/;

export type FileNameProblem = 'badName' | 'wrongType';

/**
 * Why a file name cannot be stored, or null: a path (`../`, a slash or backslash), a control character,
 * an overlong name or one that is only dots is `badName`; a name not ending in `.md` is `wrongType`.
 */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (
    name.trim() === '' ||
    name.length > DATA_SOURCE_NAME_MAX_LENGTH ||
    NAME_FORBIDDEN.test(name) ||
    /^\.+$/.test(name) ||
    name.includes('..')
  )
    return 'badName';
  if (!name.toLowerCase().endsWith(DATA_SOURCE_EXTENSION) || name.length === DATA_SOURCE_EXTENSION.length)
    return 'wrongType';
  return null;
}

/** The file's text when it is valid UTF-8 with no binary control characters; null otherwise. */
export function markdownText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return BINARY_CHARACTERS.test(text) ? null : text;
}

/** The first level-one or level-two heading, else the file name without `.md`. */
export function markdownTitle(text: string, fileName: string): string {
  const heading = /^#{1,2}[ \t]+(.+?)[ \t#]*$/m.exec(text)?.[1]?.trim();
  return (heading || fileName.replace(/\.md$/i, '')).slice(0, DATA_SOURCE_NAME_MAX_LENGTH);
}

const dataSourceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  fileName: z.string(),
  byteSize: z.number().int(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: timestampSchema,
});
export type DataSource = z.infer<typeof dataSourceSchema>;

const dataSourceWithBodySchema = dataSourceSchema.extend({ body: z.string() });
export type DataSourceWithBody = z.infer<typeof dataSourceWithBodySchema>;

/** A piece of a search hit's excerpt; `hit` marks the words that matched (rendered as <mark>, never as HTML). */
const excerptSegmentSchema = z.object({ text: z.string(), hit: z.boolean() });
export type ExcerptSegment = z.infer<typeof excerptSegmentSchema>;

const dataSourceHitSchema = dataSourceSchema.extend({
  rank: z.number(),
  excerpt: z.array(excerptSegmentSchema),
});
export type DataSourceHit = z.infer<typeof dataSourceHitSchema>;

/** `POST backend/data/search`. */
export const dataSearchSchema = z.object({
  query: z
    .string({ error: DATA_SOURCE_MESSAGES.searchRequired })
    .trim()
    .min(1, DATA_SOURCE_MESSAGES.searchRequired)
    .max(DATA_SOURCE_SEARCH_MAX_LENGTH, DATA_SOURCE_MESSAGES.searchTooLong),
});

export const dataSourceGetSchema = z.object({ id: idSchema });

export const dataSourceListResponseSchema = z.object({
  data: z.array(dataSourceSchema),
  count: z.number().int(),
});
export const dataSourceResponseSchema = dataResponse(dataSourceWithBodySchema);
export const dataSearchResponseSchema = z.object({
  data: z.array(dataSourceHitSchema),
  count: z.number().int(),
});
export const dataUploadResponseSchema = z.object({
  data: z.array(dataSourceSchema),
  message: z.string(),
});
