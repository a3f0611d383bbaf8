import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vaskedrift/shared';

/** `../locales/en.json` → `en`, when it is one of `LANGUAGES`. */
export function languageOfLocaleFile(path: string): Language | null {
  const code = /([^/\\]+)\.json$/.exec(path)?.[1];
  return LANGUAGES.find((language) => language === code) ?? null;
}

/**
 * The languages the menu may offer: those with a locale file, in the order of `LANGUAGES`. A language
 * is added by adding its complete file under src/locales; nothing half-translated is offered before that.
 */
export function availableLanguages(localeFiles: readonly string[]): Language[] {
  const present = new Set(localeFiles.map(languageOfLocaleFile));
  return LANGUAGES.filter((language) => present.has(language));
}

/** The language to show for a stored setting: the setting when its texts exist, otherwise Norwegian. */
export function languageToShow(setting: string | null | undefined, available: readonly Language[]): Language {
  return available.find((language) => language === setting) ?? DEFAULT_LANGUAGE;
}
