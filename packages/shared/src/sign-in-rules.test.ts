import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { signInSchema } from './auth';
import { EMAIL_PATTERN, signInRules } from './sign-in-rules';

/** The schema's first message per field, as Mantine's schema resolver showed them. */
function schemaMessages(input: { email: string; password: string }) {
  const issues = signInSchema.safeParse(input).error?.issues ?? [];
  const first = (field: string) => issues.find((issue) => issue.path[0] === field)?.message ?? null;
  return { email: first('email'), password: first('password') };
}

describe('signInRules', () => {
  const emails = [
    '',
    '   ',
    'kari@example.com',
    ' kari@example.com ',
    'ikke-en-epost',
    'a@b',
    'a@b.c',
    'æ@ø.no',
    'a..b@example.com',
    'kari.nordmann+tag@vask.no',
  ];
  const passwords = ['', ' ', 'kort', '1234567', '12345678', '        ', 'et langt passord'];

  it('gives the same message as signInSchema for every field', () => {
    for (const email of emails) {
      for (const password of passwords) {
        expect({ email: signInRules.email(email), password: signInRules.password(password) }).toEqual(
          schemaMessages({ email, password }),
        );
      }
    }
  });
});

describe('EMAIL_PATTERN', () => {
  it('matches what zod’s e-mail pattern matches', () => {
    const samples = [
      'a@b.no',
      "o'neil@x.io",
      'a-b@c-d.com',
      '-a@b.no',
      'a@-b.no',
      'a.@b.no',
      '.a@b.no',
      'a@b.c1',
      'a_b+c@d.museum',
      'a@b_c.no',
    ];
    for (const sample of samples)
      expect([sample, EMAIL_PATTERN.test(sample)]).toEqual([sample, regexes.email.test(sample)]);
  });
});
