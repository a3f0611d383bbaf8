import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import nb from '../locales/nb.json';

export const DEFAULT_LANGUAGE = 'nb';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nb };
  }
}

/** A key of the translation files; route titles and menu labels are stored as keys, not text. */
export type TranslationKey = ParseKeys;

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { nb: { translation: nb } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
