import { describe, expect, it } from 'vitest';
import { entityNameSchema, httpUrlSchema, optionalHttpUrlSchema } from './fields';
import { createLocationSchema } from './locations';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('entityNameSchema', () => {
  it('takes letters (æøå too), digits and spaces, longer than 2 characters', () => {
    expect(entityNameSchema.parse('  Økern Bilvask 2 ')).toBe('Økern Bilvask 2');
    expect(entityNameSchema.parse('Åsane')).toBe('Åsane');
    // "å" typed as a + combining ring counts as the one letter it is.
    expect(entityNameSchema.parse('A\u030Asane')).toBe('Åsane');
  });

  it('answers in Norwegian', () => {
    expect(firstMessage(entityNameSchema.safeParse('Ab'))).toBe('Navnet må være lenger enn 2 bokstaver');
    expect(firstMessage(entityNameSchema.safeParse('   '))).toBe('Navn er påkrevd');
    expect(firstMessage(entityNameSchema.safeParse(undefined))).toBe('Navn er påkrevd');
    expect(firstMessage(entityNameSchema.safeParse('Vask-Sentrum'))).toBe(
      'Navnet kan bare inneholde bokstaver, tall og mellomrom',
    );
  });
});

describe('httpUrlSchema', () => {
  it('takes absolute http and https URLs', () => {
    expect(httpUrlSchema.parse(' https://vask.no/hall?id=1 ')).toBe('https://vask.no/hall?id=1');
    expect(httpUrlSchema.parse('http://10.0.0.5:8080/')).toBe('http://10.0.0.5:8080/');
  });

  it('tells a wrong scheme from a broken URL', () => {
    expect(firstMessage(httpUrlSchema.safeParse('javascript:alert(1)'))).toBe(
      'URL-en må begynne med http:// eller https://',
    );
    expect(firstMessage(httpUrlSchema.safeParse('vask.no'))).toBe('Ugyldig URL');
    expect(firstMessage(httpUrlSchema.safeParse('http://'))).toBe('Ugyldig URL');
  });

  it('makes an empty optional URL null', () => {
    expect(optionalHttpUrlSchema.parse('')).toBeNull();
    expect(optionalHttpUrlSchema.parse(null)).toBeNull();
    expect(firstMessage(optionalHttpUrlSchema.safeParse('ftp://x.no'))).toBe(
      'URL-en må begynne med http:// eller https://',
    );
  });
});

describe('createLocationSchema', () => {
  const valid = { name: 'Vask Sentrum', address: 'Storgata 1', postalCode: '0150', city: 'Oslo' };

  it('keeps the leading zero of a postal code and shows a facility on the dashboard by default', () => {
    expect(createLocationSchema.parse(valid)).toMatchObject({
      postalCode: '0150',
      isVisibleInDashboard: true,
    });
  });

  it('wants exactly four digits', () => {
    for (const postalCode of ['150', '01500', '0l50']) {
      expect(firstMessage(createLocationSchema.safeParse({ ...valid, postalCode }))).toBe(
        'Postnummeret må være 4 siffer',
      );
    }
  });

  it("refuses '0000', which is no Norwegian postal code", () => {
    expect(firstMessage(createLocationSchema.safeParse({ ...valid, postalCode: '0000' }))).toBe(
      'Postnummeret 0000 finnes ikke',
    );
    expect(createLocationSchema.safeParse({ ...valid, postalCode: '0001' }).success).toBe(true);
  });
});
