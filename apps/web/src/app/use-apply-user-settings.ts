import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { applyLanguage } from '../lib/i18n';
import type { UserSettings } from '../lib/user-data';
import { toColorScheme } from './theme/color-scheme-manager';

/**
 * Applies the signed-in user's saved settings: the theme mode from their theme config overrides the
 * choice stored in this browser, and the interface follows their language (when its texts exist).
 */
export function useApplyUserSettings(settings: UserSettings | null): void {
  const { setColorScheme } = useMantineColorScheme();
  const themeMode = settings?.themeMode;
  const language = settings?.language;

  useEffect(() => {
    const scheme = toColorScheme(themeMode ?? null);
    if (scheme) setColorScheme(scheme);
  }, [themeMode, setColorScheme]);

  useEffect(() => {
    if (language) applyLanguage(language);
  }, [language]);
}
