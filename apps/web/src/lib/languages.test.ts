import { describe, expect, it } from 'vitest';
import { availableLanguages, languageOfLocaleFile, languageToShow } from './languages';

describe('languages', () => {
  it('offers only the LANGUAGES that have a locale file, in their order', () => {
    expect(availableLanguages(['../locales/nb.json'])).toEqual(['nb']);
    expect(availableLanguages(['../locales/de.json', '../locales/nb.json', '../locales/en.json'])).toEqual([
      'nb',
      'en',
      'de',
    ]);
  });

  it('ignores files that are not one of the six languages', () => {
    expect(languageOfLocaleFile('../locales/sv.json')).toBeNull();
    expect(availableLanguages(['../locales/sv.json', '../locales/nb.json'])).toEqual(['nb']);
  });

  it('falls back to Norwegian for a stored language whose texts are not there', () => {
    expect(languageToShow('ja', ['nb'])).toBe('nb');
    expect(languageToShow('en', ['nb', 'en'])).toBe('en');
    expect(languageToShow(undefined, ['nb'])).toBe('nb');
  });
});
