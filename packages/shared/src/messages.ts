// Without zod, so the sign-in page can use them without loading every schema.

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
  colorRequired: 'Farge er påkrevd',
  colorInvalid: 'Ugyldig farge (bruk formatet #RRGGBB)',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
