/** "Ola Nordmann", or the e-mail when no name is known. */
export function fullName(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email || '';
}

/** Two letters for an avatar: first letters of first and last name ("ON"), else of the e-mail. */
export function initials(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const letters = `${person.firstName?.trim().charAt(0) ?? ''}${person.lastName?.trim().charAt(0) ?? ''}`;
  return (letters || person.email?.charAt(0) || '?').toUpperCase();
}

const LOCALES: Record<string, string> = {
  nb: 'nb-NO',
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
};

/** The `Intl` locale of an interface language ('nb' → 'nb-NO'); Norwegian for an unknown one. */
export function intlLocale(language: string): string {
  return LOCALES[language] ?? 'nb-NO';
}

/** "3. mars 2025, 14:05" in the interface language; null for no date. */
export function formatDateTime(iso: string | null | undefined, language = 'nb'): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'nb-NO', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** "14:30" for a time later today, "25. nov. 2026, 09:00" for another day (e.g. when a mute ends). */
export function formatUntil(iso: string, language = 'nb', now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'nb-NO', {
    dateStyle: sameDay ? undefined : 'medium',
    timeStyle: 'short',
  }).format(date);
}
