import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import nb from '../locales/nb.json';
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

// Every locale file present is offered in the language menu; Norwegian ships in the main bundle and the
// others are fetched when a user picks one, so nobody downloads five languages they never read.
const localeLoaders = import.meta.glob<Record<string, unknown>>('../locales/*.json', { import: 'default' });
export const AVAILABLE_LANGUAGES = availableLanguages(Object.keys(localeLoaders));

async function loadLanguage(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = Object.entries(localeLoaders).find(([path]) => path.endsWith(`/${language}.json`))?.[1];
  if (load) i18n.addResourceBundle(language, 'translation', await load());
}

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: nb } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Shows the interface in the user's language when its texts exist (otherwise Norwegian). */
export function applyLanguage(setting: string | null | undefined): void {
  const language = languageToShow(setting, AVAILABLE_LANGUAGES);
  if (i18n.language === language) return;
  void loadLanguage(language)
    .then(() => i18n.changeLanguage(language))
    .then(() => {
      document.documentElement.lang = language;
    });
}

export { i18n };
