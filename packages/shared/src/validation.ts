import { z } from 'zod';

/** Norwegian messages shared by the web forms and the server's validation errors. */
export const MESSAGES = {
  emailRequired: 'E-post er påkrevd',
  emailInvalid: 'Ugyldig e-postadresse',
  passwordRequired: 'Passord er påkrevd',
  passwordTooShort: 'Passordet må være minst 8 tegn langt',
  passwordsMustMatch: 'Passordene må være like',
  nameTooShort: 'Navnet må være lenger enn 2 bokstaver',
  nameLettersAndNumbers: 'Navnet kan bare inneholde bokstaver og tall',
  phoneInvalid: 'Ugyldig telefonnummer',
  required: 'Feltet er påkrevd',
  roleTooHigh: 'Du kan ikke gi brukeren høyere nivå enn deg',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);
