import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type nb from '../locales/nb.json';
// The sign-in pages' texts only: the rest comes with the app (`loadAllTexts`, decision 021).
import { app, auth, twoFactor } from '../locales/nb.json';
import { availableLanguages, languageToShow } from './languages';

const DEFAULT_LANGUAGE = 'nb';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nb };
  }
}

/** A key of the translation files; route titles and menu labels are stored as keys, not text. */
export type TranslationKey = ParseKeys;

// Every locale file present is offered in the language menu; the sign-in pages' Norwegian texts ship in the
// main bundle, all of Norwegian loads with the signed-in app and the others when a user picks one, so
// nobody downloads five languages they never read. As text (`?raw`): a module apart from the named import
// above, which the bundler would otherwise merge with it into the main bundle.
const localeLoaders = import.meta.glob<string>('../locales/*.json', { import: 'default', query: '?raw' });
export const AVAILABLE_LANGUAGES = availableLanguages(Object.keys(localeLoaders));

const loaded = new Set<string>();

async function loadLanguage(language: string): Promise<void> {
  if (loaded.has(language)) return;
  const load = Object.entries(localeLoaders).find(([path]) => path.endsWith(`/${language}.json`))?.[1];
  if (load) i18n.addResourceBundle(language, 'translation', JSON.parse(await load()), true, true);
  loaded.add(language);
}

/** Every Norwegian text (the app's pages, not only signing in): the app waits for it before it shows. */
export const loadAllTexts = () => loadLanguage(DEFAULT_LANGUAGE);

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: { app, auth, twoFactor } } },
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
