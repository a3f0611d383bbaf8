import { z } from 'zod';

/** The fields of an API connection an auth method may need. */
export type AuthField = 'authEndpointUrl' | 'clientId' | 'clientSecret' | 'apiKey';

/**
 * How an API may prove who it is (docs/domain.md, API connections): the one list the schema's constraint,
 * the form, the web's labels and the simulator take their methods from. `name` is the method's proper name,
 * shown as it is in every language; null when the locale files translate it (`apis.authMethods.<id>`).
 * `needs` are the fields it cannot work without. Each method has its authenticator in
 * apps/server/src/modules/engine/controller-client (its README: how to add one).
 */
export const AUTH_METHOD_REGISTRY = {
  none: { name: null, needs: [] },
  apiKey: { name: null, needs: ['apiKey'] },
  bearer: { name: null, needs: ['apiKey'] },
  basic: { name: 'Basic', needs: ['clientId', 'clientSecret'] },
  digest: { name: 'Digest', needs: ['clientId', 'clientSecret'] },
  oauth2: { name: 'OAuth2 (client credentials)', needs: ['authEndpointUrl', 'clientId', 'clientSecret'] },
} as const satisfies Record<string, { name: string | null; needs: readonly AuthField[] }>;

export type AuthMethod = keyof typeof AUTH_METHOD_REGISTRY;
export const AUTH_METHODS = Object.keys(AUTH_METHOD_REGISTRY) as [AuthMethod, ...AuthMethod[]];
export const authMethodSchema = z.enum(AUTH_METHODS, { error: 'Ugyldig autentiseringsmetode' });
/** The methods without a proper name, translated by the locale files. */
export type TranslatedAuthMethod = {
  [M in AuthMethod]: (typeof AUTH_METHOD_REGISTRY)[M]['name'] extends null ? M : never;
}[AuthMethod];

/** Whether an auth method uses a field (the form shows only those). */
export function authNeeds(method: AuthMethod, field: AuthField): boolean {
  return (AUTH_METHOD_REGISTRY[method].needs as readonly AuthField[]).includes(field);
}

/** What an auth method needs, as far as is known: a stored secret counts as set. */
type AuthRequirements = {
  authMethod: AuthMethod;
  authEndpointUrl?: string | null;
  clientId?: string | null;
  hasClientSecret: boolean;
  hasApiKey: boolean;
};

const MISSING_FIELD_MESSAGES: Record<AuthField, string> = {
  authEndpointUrl: 'Token-URL er påkrevd for OAuth2',
  clientId: 'Klient-ID er påkrevd',
  clientSecret: 'Klienthemmelighet er påkrevd',
  apiKey: 'API-nøkkel er påkrevd',
};

/** The fields an auth method needs and lacks, with their messages (for the form and the server). */
export function missingAuthFields(values: AuthRequirements): { path: AuthField; message: string }[] {
  const set: Record<AuthField, boolean> = {
    authEndpointUrl: Boolean(values.authEndpointUrl),
    clientId: Boolean(values.clientId),
    clientSecret: values.hasClientSecret,
    apiKey: values.hasApiKey,
  };
  return AUTH_METHOD_REGISTRY[values.authMethod].needs
    .filter((field) => !set[field])
    .map((field) => ({ path: field, message: MISSING_FIELD_MESSAGES[field] }));
}
