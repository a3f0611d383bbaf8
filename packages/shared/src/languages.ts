// Without zod, so the sign-in page can use them without loading every schema (decision 021).

/** The six interface languages (docs/domain.md, User data); Norwegian (bokmål) is the default. */
export const LANGUAGES = ['nb', 'en', 'es', 'fr', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nb';
