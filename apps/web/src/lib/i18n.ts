import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type nb from '../locales/nb.json';
import { availableLanguages, languageToShow } from './languages';

export const DEFAULT_LANGUAGE = 'nb';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nb };
  }
}

/** A key of the translation files; route titles and menu labels are stored as keys, not text. */
export type TranslationKey = ParseKeys;

// Every locale file present is bundled; the language menu offers exactly these.
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*.json', {
  eager: true,
  import: 'default',
});
export const AVAILABLE_LANGUAGES = availableLanguages(Object.keys(localeFiles));

const resources = Object.fromEntries(
  Object.entries(localeFiles).flatMap(([path, translation]) => {
    const language = AVAILABLE_LANGUAGES.find((code) => path.endsWith(`/${code}.json`));
    return language ? [[language, { translation }]] : [];
  }),
);

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Shows the interface in the user's language when its texts exist (otherwise Norwegian). */
export function applyLanguage(setting: string | null | undefined): void {
  const language = languageToShow(setting, AVAILABLE_LANGUAGES);
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
