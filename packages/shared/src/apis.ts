import { z } from 'zod';
import { dataResponse, idSchema, listRequest } from './api';
import { authMethodSchema, missingAuthFields } from './auth-methods';
import { parsePath } from './evaluation';
import { entityNameSchema, httpUrlSchema, oneOrListResponse, sortSchema, timestampSchema } from './fields';
import { jsonBounds } from './json';

/*
 * API connections (docs/domain.md, Evaluation): how to call one controller or cloud service. Secrets
 * (`clientSecret`, `apiKey`, the values of custom headers) go in and never come out: a response says only
 * whether one is set, or which header names are.
 */

export const HTTP_METHODS = ['GET', 'POST'] as const;
const httpMethodSchema = z.enum(HTTP_METHODS, { error: 'Metoden må være GET eller POST' });
export type HttpMethod = z.infer<typeof httpMethodSchema>;

const API_STATUSES = ['enabled', 'disabled'] as const;
export const apiStatusSchema = z.enum(API_STATUSES, { error: 'Status må være aktivert eller deaktivert' });
export type ApiStatus = z.infer<typeof apiStatusSchema>;
const API_STATUS_LABELS: Record<ApiStatus, string> = { enabled: 'aktivert', disabled: 'deaktivert' };

const MIN_CHECK_INTERVAL_SECONDS = 30;
const MAX_CHECK_INTERVAL_SECONDS = 86_400;
export const DEFAULT_CHECK_INTERVAL_SECONDS = 60;
export const DEFAULT_FAILURE_THRESHOLD = 3;
export const DEFAULT_API_KEY_HEADER = 'x-api-key';
export const DEFAULT_TOKEN_PATH = 'access_token';
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
/** Responses (polled or pushed) larger than this after decompression are refused. */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export const API_MESSAGES = {
  notFound: 'Fant ikke API-et',
  textTooShort: 'Må være lenger enn 2 tegn',
  textTooLong: 'Kan ikke være lenger enn 2048 tegn',
  checkIntervalInvalid: 'Må være et gyldig tall over 30 sekunder',
  headerNameInvalid: 'Ugyldig headernavn',
  headerValueInvalid: 'Headerverdien kan ikke inneholde linjeskift',
  headerReserved: 'Denne headeren settes av Vaskedrift og kan ikke overstyres',
  tooManyEntries: 'Høyst 50 oppføringer',
  pathInvalid: 'Ugyldig sti (bruk punktum mellom feltene, f.eks. data.items)',
  failureThresholdInvalid: 'Feilterskelen må være et heltall fra 1 til 100',
  timeoutInvalid: 'Tidsavbruddet må være mellom 1 000 og 60 000 ms',
  detailsTooLarge: 'Detaljene kan ikke være større enn 8 kB',
  bodyTooLong: 'Innholdet kan ikke være lenger enn 64 kB',
  checkTarget: 'Oppgi id eller utkast (draft) med endepunkt-URL',
  disabled: 'API-et er deaktivert',
  pushTooLarge: 'Innholdet er større enn 5 MB',
  secretsNotReused: 'Lagrede hemmeligheter sendes ikke til en ny adresse; skriv dem inn på nytt',
} as const;

/** ':apiEndpoint er :status' (the message when an API is enabled or disabled). */
export function apiStatusMessage(name: string, status: ApiStatus): string {
  return `${name} er ${API_STATUS_LABELS[status]}`;
}

/** Optional text over 2 characters; '' and null store null. */
const optionalText = (max = 2048) =>
  z
    .string({ error: API_MESSAGES.textTooShort })
    .trim()
    .max(max, API_MESSAGES.textTooLong)
    .refine((v) => v.length === 0 || v.length > 2, API_MESSAGES.textTooShort)
    .transform((v) => v || null)
    .nullable();

const optionalUrl = z
  .string({ error: API_MESSAGES.textTooShort })
  .trim()
  .transform((v) => v || null)
  .pipe(httpUrlSchema.nullable())
  .nullable();

/**
 * A secret as sent: not trimmed (a space may belong to it), over 2 characters, '' meaning "none". On
 * update, leaving the field out keeps the stored secret; '' clears it.
 */
const secretSchema = z
  .string({ error: API_MESSAGES.textTooShort })
  .max(4096, 'Kan ikke være lenger enn 4096 tegn')
  .refine((v) => v.length === 0 || v.trim().length > 2, API_MESSAGES.textTooShort)
  .nullable()
  .transform((v) => v || null);

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Set by the HTTP client itself; overriding them breaks the request or smuggles another one. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade']);

/** Flat text; 16 kB is past what servers take in a request head or line. */
const stringRecord = (label: string) =>
  z
    .record(z.string(), z.string({ error: 'Verdien må være tekst' }).max(4096))
    .refine((r) => Object.keys(r).length <= 50, API_MESSAGES.tooManyEntries)
    .check(jsonBounds({ label, maxLength: 16 * 1024 }));

function checkHeaders(headers: Record<string, string | null>, ctx: z.RefinementCtx) {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: API_MESSAGES.headerNameInvalid });
    } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: [name], message: API_MESSAGES.headerReserved });
    } else if (value !== null && /[\r\n\0]/.test(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: API_MESSAGES.headerValueInvalid });
    }
  }
}

/** Custom request headers of a new API. Their values are sealed like the other secrets, never answered. */
const headersSchema = stringRecord('Headerne').superRefine(checkHeaders);

/**
 * Custom headers on update and in a draft, laid over the stored ones (`patchHeaders`): a value sets or
 * replaces that header, null removes it, a header left out keeps its stored value.
 */
const headersPatchSchema = z
  .record(z.string(), z.string({ error: 'Verdien må være tekst' }).max(4096).nullable())
  .refine((r) => Object.keys(r).length <= 50, API_MESSAGES.tooManyEntries)
  .check(jsonBounds({ label: 'Headerne', maxLength: 16 * 1024 }))
  .superRefine(checkHeaders);

/** Header names are case-insensitive: a patch entry replaces or removes a stored header of any case. */
export function patchHeaders<T>(
  stored: Record<string, T>,
  patch: Record<string, T | null>,
): Record<string, T> {
  const patched = new Set(Object.keys(patch).map((name) => name.toLowerCase()));
  const result: Record<string, T> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (!patched.has(name.toLowerCase())) result[name] = value;
  }
  for (const [name, value] of Object.entries(patch)) if (value !== null) result[name] = value;
  return result;
}

/** The stored headers a patch leaves as they are (neither replaced nor removed). */
export function untouchedHeaders(storedNames: string[], patch: Record<string, unknown> = {}): string[] {
  const patched = new Set(Object.keys(patch).map((name) => name.toLowerCase()));
  return storedNames.filter((name) => !patched.has(name.toLowerCase()));
}

const originOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether new values send the API somewhere else: the endpoint URL or the token URL gets another origin
 * (scheme, host, port). Stored secrets never follow such a move (docs/decisions/015-api-secrets.md); a URL
 * cleared is no move, since nothing can be sent to it.
 */
export function movesAddress(
  saved: { endpointUrl?: string | null; authEndpointUrl?: string | null },
  next: { endpointUrl?: string | null; authEndpointUrl?: string | null },
): boolean {
  const moved = (from: string | null | undefined, to: string | null | undefined) =>
    Boolean(to) && originOf(to) !== originOf(from);
  return moved(saved.endpointUrl, next.endpointUrl) || moved(saved.authEndpointUrl, next.authEndpointUrl);
}

/** Query parameters added to the endpoint URL. */
const paramsSchema = stringRecord('Parameterne');

const pathSchema = z
  .string({ error: API_MESSAGES.pathInvalid })
  .trim()
  .refine((v) => v.length === 0 || parsePath(v) !== null, API_MESSAGES.pathInvalid);

/**
 * Settings beside the API's named fields. Unknown keys are kept (the demo marks its APIs with
 * `demo: true`), within 8 kB.
 */
const apiDetailsSchema = z
  .looseObject({
    /** Header carrying the key for `apiKey` (default x-api-key). */
    apiKeyHeader: z
      .string({ error: API_MESSAGES.headerNameInvalid })
      .trim()
      .regex(HEADER_NAME, API_MESSAGES.headerNameInvalid)
      .optional(),
    /** Consecutive failed checks before the API's attributes become `nodata` (default 3). */
    failureThreshold: z
      .number({ error: API_MESSAGES.failureThresholdInvalid })
      .int(API_MESSAGES.failureThresholdInvalid)
      .min(1, API_MESSAGES.failureThresholdInvalid)
      .max(100, API_MESSAGES.failureThresholdInvalid)
      .optional(),
    /** Where the records are, when not the top-level array or the first array property (dot path). */
    recordsPath: pathSchema.optional(),
    /** Follow up to 5 redirects, each checked like the first request (default off). */
    followRedirects: z.boolean({ error: 'Ugyldig verdi (ja eller nei)' }).optional(),
    /** Total deadline of one check in ms (default 10 000; never more than half the interval). */
    timeoutMs: z
      .number({ error: API_MESSAGES.timeoutInvalid })
      .int(API_MESSAGES.timeoutInvalid)
      .min(1000, API_MESSAGES.timeoutInvalid)
      .max(60_000, API_MESSAGES.timeoutInvalid)
      .optional(),
  })
  .check(
    jsonBounds({ label: 'Detaljene', maxLength: 8 * 1024, tooLargeMessage: API_MESSAGES.detailsTooLarge }),
  );
export type ApiDetails = z.infer<typeof apiDetailsSchema>;

const checkIntervalSchema = z
  .number({ error: API_MESSAGES.checkIntervalInvalid })
  .int(API_MESSAGES.checkIntervalInvalid)
  .min(MIN_CHECK_INTERVAL_SECONDS, API_MESSAGES.checkIntervalInvalid)
  .max(MAX_CHECK_INTERVAL_SECONDS, 'Kan ikke være mer enn ett døgn (86 400 sekunder)');

const apiFields = {
  name: entityNameSchema,
  endpointUrl: httpUrlSchema,
  authEndpointUrl: optionalUrl,
  tokenPath: optionalText(200).pipe(
    z
      .string()
      .refine((v) => parsePath(v) !== null, API_MESSAGES.pathInvalid)
      .nullable(),
  ),
  clientId: optionalText(1024),
  clientSecret: secretSchema,
  apiKey: secretSchema,
  authMethod: authMethodSchema,
  method: httpMethodSchema,
  headers: headersSchema,
  body: z
    .string({ error: API_MESSAGES.textTooShort })
    .max(65_536, API_MESSAGES.bodyTooLong)
    .refine((v) => v.trim().length === 0 || v.trim().length > 2, API_MESSAGES.textTooShort)
    .transform((v) => (v.trim() ? v : null))
    .nullable(),
  params: paramsSchema,
  details: apiDetailsSchema,
  checkInterval: checkIntervalSchema,
  status: apiStatusSchema,
};

export const createApiSchema = z
  .object({
    ...apiFields,
    authEndpointUrl: apiFields.authEndpointUrl.optional(),
    tokenPath: apiFields.tokenPath.optional(),
    clientId: apiFields.clientId.optional(),
    clientSecret: apiFields.clientSecret.optional(),
    apiKey: apiFields.apiKey.optional(),
    authMethod: apiFields.authMethod.default('none'),
    method: apiFields.method.default('GET'),
    headers: apiFields.headers.default({}),
    body: apiFields.body.optional(),
    params: apiFields.params.default({}),
    details: apiFields.details.default({}),
    checkInterval: apiFields.checkInterval.default(DEFAULT_CHECK_INTERVAL_SECONDS),
    status: apiFields.status.default('enabled'),
  })
  .superRefine((value, ctx) => {
    const missing = missingAuthFields({
      ...value,
      hasClientSecret: Boolean(value.clientSecret),
      hasApiKey: Boolean(value.apiKey),
    });
    for (const { path, message } of missing) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type CreateApiInput = z.input<typeof createApiSchema>;

/**
 * `PATCH backend/apis/update`: only the fields sent change. A secret left out is kept, '' clears it.
 * `rotatePushToken: true` replaces the push URL (the old one stops working at once).
 */
export const updateApiSchema = z
  .object({ id: idSchema, rotatePushToken: z.boolean().optional() })
  .extend(z.object(apiFields).partial().shape)
  .extend({ headers: headersPatchSchema.optional() });
export type UpdateApiInput = z.input<typeof updateApiSchema>;

/**
 * The editable fields of an API, all optional: the 'Test tilkobling' button sends the form as it is,
 * headers as a patch over the stored ones, like an update.
 */
export const apiDraftSchema = z
  .object(apiFields)
  .partial()
  .extend({ headers: headersPatchSchema.optional() });
export type ApiDraft = z.input<typeof apiDraftSchema>;

export const API_SORT_COLUMNS = ['name', 'status', 'lastCheckAt', 'checkInterval', 'createdAt'] as const;

const apiFiltersSchema = z.object({
  status: apiStatusSchema.optional(),
  authMethod: authMethodSchema.optional(),
  /** Only APIs now failing (consecutive failures above 0). */
  failing: z.boolean({ error: 'Ugyldig verdi (ja eller nei)' }).optional(),
});

/** `backend/apis/get`: `{id}` for one, otherwise a page (search matches name and endpoint URL). */
export const getApisSchema = listRequest(apiFiltersSchema).extend({
  id: idSchema.optional(),
  sort: sortSchema(API_SORT_COLUMNS).optional(),
});

/** How an API is doing: `down` once the failure threshold is reached, `unknown` before its first check. */
const API_HEALTH = ['ok', 'failing', 'down', 'unknown', 'disabled'] as const;
export type ApiHealth = (typeof API_HEALTH)[number];

export const apiSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  endpointUrl: z.string(),
  authEndpointUrl: z.string().nullable(),
  tokenPath: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Whether a client secret is stored; the secret itself is never returned. */
  hasClientSecret: z.boolean(),
  /** Whether an API key is stored; the key itself is never returned. */
  hasApiKey: z.boolean(),
  authMethod: authMethodSchema,
  method: httpMethodSchema,
  /** The custom headers that are set (sorted); their values are sealed and never answered. */
  headerNames: z.array(z.string()),
  body: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  details: z.record(z.string(), z.unknown()),
  checkInterval: z.number().int(),
  status: apiStatusSchema,
  /** Path (under the server's address) to push values to instead of waiting for the next poll. */
  pushPath: z.string(),
  health: z.enum(API_HEALTH),
  nextCheckAt: timestampSchema.nullable(),
  lastCheckAt: timestampSchema.nullable(),
  lastSuccessAt: timestampSchema.nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** Checks in the last 24 hours and the share of them that succeeded (null: none). */
  checks24h: z.number().int(),
  successRate24h: z.number().nullable(),
  averageDurationMs24h: z.number().nullable(),
  metricCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Api = z.infer<typeof apiSchema>;

export const getApisResponseSchema = oneOrListResponse(apiSchema);

/** An update answers the API and, when its status changed, ':apiEndpoint er :status'. */
export const updateApiResponseSchema = dataResponse(apiSchema).extend({ message: z.string().optional() });
