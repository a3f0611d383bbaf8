import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CLIENT_ERROR_CODES, isApiError } from './api-error';

type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];
const CLIENT_CODES: readonly string[] = Object.values(CLIENT_ERROR_CODES);
const isClientCode = (code: string): code is ClientErrorCode => CLIENT_CODES.includes(code);

/** The Norwegian text for a failed call: the client's own codes are translated, the server's message kept. */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) return isClientCode(error.code) ? t(`errors.${error.code}`) : error.message;
  return t('errors.misc/unknown');
}

export function useApiErrorMessage(error: unknown): string | null {
  const { t } = useTranslation();
  return error == null ? null : apiErrorMessage(error, t);
}
