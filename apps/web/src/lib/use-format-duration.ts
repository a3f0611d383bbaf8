import { useTranslation } from 'react-i18next';
import { formatDuration } from './format-duration';

/** `formatDuration` in the interface language. */
export function useFormatDuration(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => formatDuration(seconds, (key, options) => t(key, options));
}
