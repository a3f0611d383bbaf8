import { LANGUAGES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { availableLanguages } from '../lib/languages';

/**
 * Every locale file must be complete (docs/domain.md, User data): the same keys as Norwegian, no extra keys,
 * no empty texts, the same `{{placeholders}}`, and plural keys with exactly the suffixes i18next looks up for
 * the language. The files are found the way the app finds them, so a language added later is checked too.
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

const locales = Object.fromEntries(
  Object.entries(localeFiles).map(([path, json]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, json]),
);
const nb = locales.nb;
const others = Object.keys(locales).filter((language) => language !== 'nb');

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; anything that is not a nested object is kept as a leaf. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return leaves;
  for (const [key, value] of Object.entries(node)) {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [leaf, text] of flatten(value, `${path}.`)) leaves.set(leaf, text);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

/** Splits plain keys from plural keys (`x_one`, `x_other`, …, grouped by `x` when `x_other` exists). */
function split(leaves: Map<string, unknown>) {
  const plain = new Map<string, unknown>();
  const plurals = new Map<string, Map<string, unknown>>();
  for (const [key, value] of leaves) {
    const match = PLURAL_SUFFIX.exec(key);
    if (match?.[1] && match[2] && leaves.has(`${match[1]}_other`)) {
      const forms = plurals.get(match[1]) ?? new Map<string, unknown>();
      forms.set(match[2], value);
      plurals.set(match[1], forms);
    } else {
      plain.set(key, value);
    }
  }
  return { plain, plurals };
}

/** The plural forms i18next asks for in a language (`_one`/`_other` for nb, only `_other` for ja, …). */
function pluralCategories(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
}

function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

const nbLeaves = flatten(nb);
const nbKeys = split(nbLeaves);

describe('locale files', () => {
  it('include Norwegian, the default language, with keys in it', () => {
    expect(nb).toBeDefined();
    expect(nbLeaves.size).toBeGreaterThan(0);
  });

  it('cover every language of LANGUAGES, so the language menu offers all of them', () => {
    expect(availableLanguages(Object.keys(localeFiles))).toEqual([...LANGUAGES]);
  });

  it.each(Object.keys(locales))('%s: every value is a non-empty string', (language) => {
    const empty = [...flatten(locales[language])]
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(locales))('%s: plural keys have exactly the forms of the language', (language) => {
    const { plurals } = split(flatten(locales[language]));
    const expected = pluralCategories(language).join();
    const wrong = [...plurals]
      .map(([key, forms]) => [key, [...forms.keys()].sort().join()])
      .filter(([, found]) => found !== expected)
      .map(([key, found]) => `${key}: ${found} ≠ ${expected}`);
    expect(wrong).toEqual([]);
  });

  it.each(others)('%s: has every key of nb.json and no other key', (language) => {
    const { plain, plurals } = split(flatten(locales[language]));
    expect({
      missing: [...nbKeys.plain.keys()].filter((key) => !plain.has(key)),
      extra: [...plain.keys()].filter((key) => !nbKeys.plain.has(key)),
      missingPlurals: [...nbKeys.plurals.keys()].filter((key) => !plurals.has(key)),
      extraPlurals: [...plurals.keys()].filter((key) => !nbKeys.plurals.has(key)),
    }).toEqual({ missing: [], extra: [], missingPlurals: [], extraPlurals: [] });
  });

  it.each(others)('%s: every value has the same {{placeholders}} as nb.json', (language) => {
    const { plain, plurals } = split(flatten(locales[language]));
    const wrong: string[] = [];
    for (const [key, text] of plain) {
      if (!nbKeys.plain.has(key)) continue;
      const expected = placeholders(nbKeys.plain.get(key));
      if (placeholders(text).join() !== expected.join()) wrong.push(key);
    }
    for (const [key, forms] of plurals) {
      const nbForms = nbKeys.plurals.get(key);
      if (!nbForms) continue;
      for (const [form, text] of forms) {
        // A form Norwegian lacks (es/fr `_many`) is compared with Norwegian's `_other`.
        const expected = placeholders(nbForms.get(form) ?? nbForms.get('other'));
        if (placeholders(text).join() !== expected.join()) wrong.push(`${key}_${form}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
