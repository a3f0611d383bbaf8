import { describe, expect, it } from 'vitest';
import { createUserSchema, passwordChangeSchema, personNameSchema, updateUserSchema } from './users';
import { phoneSchema } from './validation';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('user contracts', () => {
  it('names: longer than 2 letters, letters and numbers (with spaces and hyphens between)', () => {
    expect(personNameSchema.parse('  Åse  ')).toBe('Åse');
    expect(personNameSchema.parse('Anne-Marie')).toBe('Anne-Marie');
    expect(personNameSchema.safeParse('Al').error?.issues[0]?.message).toBe(
      'Navnet må være lenger enn 2 bokstaver',
    );
    expect(personNameSchema.safeParse('').error?.issues[0]?.message).toBe('Navn er påkrevd');
    expect(personNameSchema.safeParse('Ola<script>').error?.issues[0]?.message).toBe(
      'Navnet kan bare inneholde bokstaver, tall, mellomrom og bindestrek',
    );
  });

  it('phone: optional, valid if given', () => {
    expect(phoneSchema.parse('')).toBeNull();
    expect(phoneSchema.parse(null)).toBeNull();
    expect(phoneSchema.parse('+47 912 34 567')).toBe('+47 912 34 567');
    expect(phoneSchema.safeParse('1234').error?.issues[0]?.message).toBe('Ugyldig telefonnummer');
    expect(phoneSchema.safeParse('ring meg').success).toBe(false);
  });

  it('create: groups must be given, may be empty', () => {
    const base = {
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@example.com',
      password: '12345678',
      role: 'user',
    };
    expect(messages(createUserSchema.safeParse(base))).toEqual(['groups: Grupper er påkrevd']);
    expect(createUserSchema.safeParse({ ...base, groups: [] }).success).toBe(true);
  });

  it("password change: the confirmation must match: 'Passordene må være like'", () => {
    expect(
      messages(passwordChangeSchema.safeParse({ password: '12345678', confirmPassword: '1234567' })),
    ).toEqual(['confirmPassword: Passordene må være like']);
    expect(messages(updateUserSchema.safeParse({ id: crypto.randomUUID(), password: '12345678' }))).toEqual([
      'confirmPassword: Passordene må være like',
    ]);
    expect(
      passwordChangeSchema.safeParse({ password: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true);
  });
});
