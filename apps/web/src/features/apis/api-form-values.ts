import {
  type Api,
  type ApiDraft,
  type AuthMethod,
  apiDraftSchema,
  authNeeds,
  DEFAULT_API_KEY_HEADER,
  DEFAULT_CHECK_INTERVAL_SECONDS,
  DEFAULT_TOKEN_PATH,
  type HttpMethod,
  missingAuthFields,
} from '@vaskedrift/shared';

/**
 * A custom header the server keeps sealed: only its name comes back. The admin keeps it, types a new
 * value ('Bytt') or removes it ('Fjern'), each without retyping the others.
 */
export interface StoredHeader {
  name: string;
  action: 'keep' | 'replace' | 'remove';
  value: string;
}

/**
 * What the API form holds: text as typed, JSON maps as text, secrets only when typed in. `headers` holds
 * the headers to add; the saved ones are `storedHeaders`.
 */
export interface ApiFormValues {
  name: string;
  endpointUrl: string;
  method: HttpMethod;
  authMethod: AuthMethod;
  apiKey: string;
  apiKeyHeader: string;
  clientId: string;
  clientSecret: string;
  authEndpointUrl: string;
  tokenPath: string;
  checkInterval: number | string;
  enabled: boolean;
  headers: string;
  storedHeaders: StoredHeader[];
  params: string;
  body: string;
  recordsPath: string;
  failureThreshold: number | string;
  followRedirects: boolean;
}

/** Stored secrets, and whether the admin chose to replace each one ('Bytt'). */
export interface SecretState {
  hasApiKey: boolean;
  hasClientSecret: boolean;
  replaceApiKey: boolean;
  replaceClientSecret: boolean;
}

export const NEW_SECRETS: SecretState = {
  hasApiKey: false,
  hasClientSecret: false,
  replaceApiKey: true,
  replaceClientSecret: true,
};

/** The form's fields, for mapping the server's validation details back onto them. */
export const API_FORM_FIELDS = [
  'name',
  'endpointUrl',
  'method',
  'authMethod',
  'apiKey',
  'details.apiKeyHeader',
  'clientId',
  'clientSecret',
  'authEndpointUrl',
  'tokenPath',
  'checkInterval',
  'status',
  'headers',
  'params',
  'body',
  'details.recordsPath',
  'details.failureThreshold',
  'details.followRedirects',
  'details',
] as const;

const FIELD_OF_PATH: Record<string, keyof ApiFormValues> = {
  'details.apiKeyHeader': 'apiKeyHeader',
  'details.recordsPath': 'recordsPath',
  'details.failureThreshold': 'failureThreshold',
  'details.followRedirects': 'followRedirects',
  details: 'recordsPath',
  status: 'enabled',
};

/**
 * Errors keyed by request path (`details.recordsPath`, `headers.X-Foo`) → keyed by form field; a saved
 * header's error goes to its row (`storedHeaders.<index>.value`).
 */
export function toFormErrors(
  errors: Record<string, unknown>,
  storedHeaders: StoredHeader[] = [],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message !== 'string' && typeof message !== 'object') continue;
    const text = String(message);
    const top = path.split('.')[0] ?? path;
    const storedIndex = top === 'headers' ? storedHeaders.findIndex((h) => `headers.${h.name}` === path) : -1;
    const field =
      storedIndex >= 0
        ? `storedHeaders.${storedIndex}.value`
        : (FIELD_OF_PATH[path] ??
          (top === 'headers' || top === 'params' ? top : (top as keyof ApiFormValues | undefined)));
    if (field && !result[field]) result[field] = text;
  }
  return result;
}

export function initialApiFormValues(api?: Api): ApiFormValues {
  const details = api?.details ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: api?.name ?? '',
    endpointUrl: api?.endpointUrl ?? '',
    method: api?.method ?? 'GET',
    authMethod: api?.authMethod ?? 'none',
    apiKey: '',
    apiKeyHeader: text(details.apiKeyHeader),
    clientId: api?.clientId ?? '',
    clientSecret: '',
    authEndpointUrl: api?.authEndpointUrl ?? '',
    tokenPath: api?.tokenPath ?? '',
    checkInterval: api?.checkInterval ?? DEFAULT_CHECK_INTERVAL_SECONDS,
    enabled: (api?.status ?? 'enabled') === 'enabled',
    headers: '',
    storedHeaders: (api?.headerNames ?? []).map((name) => ({ name, action: 'keep', value: '' })),
    params: api && Object.keys(api.params).length > 0 ? JSON.stringify(api.params, null, 2) : '',
    body: api?.body ?? '',
    recordsPath: text(details.recordsPath),
    failureThreshold: typeof details.failureThreshold === 'number' ? details.failureThreshold : '',
    followRedirects: details.followRedirects === true,
  };
}

/** A JSON object of text values typed into a textarea; '' is `{}`; anything else is null (invalid). */
function parseStringMap(text: string): Record<string, string> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    if (!entries.every(([, v]) => typeof v === 'string')) return null;
    return Object.fromEntries(entries) as Record<string, string>;
  } catch {
    return null;
  }
}

/** The headers as the server takes them: typed ones added, saved ones replaced or removed (null). */
function headersPatch(values: ApiFormValues): Record<string, string | null> {
  const patch: Record<string, string | null> = {};
  for (const header of values.storedHeaders) {
    if (header.action === 'replace') patch[header.name] = header.value;
    if (header.action === 'remove') patch[header.name] = null;
  }
  return { ...patch, ...parseStringMap(values.headers) };
}

/** Which of the form's auth fields a method uses, as the shared registry says. */
const uses = {
  apiKey: (method: AuthMethod) => authNeeds(method, 'apiKey'),
  client: (method: AuthMethod) => authNeeds(method, 'clientId'),
  oauth: (method: AuthMethod) => authNeeds(method, 'authEndpointUrl'),
};
export const authUses = uses;

/**
 * The request fields of the form: only the relevant auth fields, secrets only when typed in (a stored
 * one left alone is kept by the server), unknown `details` keys of the saved API kept.
 */
export function toApiDraft(
  values: ApiFormValues,
  secrets: SecretState,
  savedDetails: Record<string, unknown> = {},
): ApiDraft {
  const { authMethod } = values;
  const details: Record<string, unknown> = { ...savedDetails };
  delete details.apiKeyHeader;
  delete details.recordsPath;
  delete details.failureThreshold;
  delete details.followRedirects;
  if (authMethod === 'apiKey' && values.apiKeyHeader.trim())
    details.apiKeyHeader = values.apiKeyHeader.trim();
  if (values.recordsPath.trim()) details.recordsPath = values.recordsPath.trim();
  if (values.failureThreshold !== '') details.failureThreshold = Number(values.failureThreshold);
  if (values.followRedirects) details.followRedirects = true;

  const draft: ApiDraft = {
    name: values.name,
    endpointUrl: values.endpointUrl,
    method: values.method,
    authMethod,
    checkInterval: values.checkInterval === '' ? Number.NaN : Number(values.checkInterval),
    status: values.enabled ? 'enabled' : 'disabled',
    headers: headersPatch(values),
    params: parseStringMap(values.params) ?? {},
    body: values.method === 'POST' ? values.body : null,
    details,
    clientId: uses.client(authMethod) ? values.clientId : null,
    authEndpointUrl: uses.oauth(authMethod) ? values.authEndpointUrl : null,
    tokenPath: uses.oauth(authMethod) ? values.tokenPath : null,
  };
  if (uses.apiKey(authMethod) && secrets.replaceApiKey) draft.apiKey = values.apiKey;
  if (uses.client(authMethod) && secrets.replaceClientSecret) draft.clientSecret = values.clientSecret;
  return draft;
}

const requiredDraftSchema = apiDraftSchema.required({ name: true, endpointUrl: true, checkInterval: true });

/** The shared validation rules (docs/domain.md, Validation) plus what the chosen auth method needs. */
export function validateApiForm(
  values: ApiFormValues,
  secrets: SecretState,
  messages: { json: string; headerValue: string },
): Record<string, string> {
  const draft = toApiDraft(values, secrets);
  const parsed = requiredDraftSchema.safeParse(draft);
  const byPath: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!byPath[path]) byPath[path] = issue.message;
    }
  }
  const errors = toFormErrors(byPath);
  if (parseStringMap(values.headers) === null) errors.headers = messages.json;
  if (parseStringMap(values.params) === null) errors.params = messages.json;
  values.storedHeaders.forEach((header, index) => {
    if (header.action === 'replace' && header.value === '') {
      errors[`storedHeaders.${index}.value`] = messages.headerValue;
    }
  });
  const missing = missingAuthFields({
    authMethod: values.authMethod,
    authEndpointUrl: values.authEndpointUrl.trim() || null,
    clientId: values.clientId.trim() || null,
    hasClientSecret: secrets.replaceClientSecret ? values.clientSecret !== '' : secrets.hasClientSecret,
    hasApiKey: secrets.replaceApiKey ? values.apiKey !== '' : secrets.hasApiKey,
  });
  for (const { path, message } of missing) {
    const field = path as keyof ApiFormValues;
    if (!errors[field]) errors[field] = message;
  }
  return errors;
}

export const PLACEHOLDERS = { apiKeyHeader: DEFAULT_API_KEY_HEADER, tokenPath: DEFAULT_TOKEN_PATH };
