import { AUTH_METHOD_REGISTRY, type AuthMethod, type TranslatedAuthMethod } from '@vaskedrift/shared';
import type { TFunction } from 'i18next';

/**
 * An auth method as shown: its proper name from the shared registry (Basic, Digest, OAuth2…, the same in
 * every language), or the locale's words for it when it has none (`apis.authMethods.<id>`).
 */
export function authMethodLabel(method: AuthMethod, t: TFunction): string {
  const { name } = AUTH_METHOD_REGISTRY[method];
  return name ?? t(`apis.authMethods.${method as TranslatedAuthMethod}`);
}
