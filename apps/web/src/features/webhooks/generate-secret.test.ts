import { WEBHOOK_SECRET_MIN_LENGTH } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { GENERATED_SECRET_LENGTH, generateSecret } from './generate-secret';

describe('generateSecret', () => {
  it('makes 32 letters and digits, long enough for the server', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(GENERATED_SECRET_LENGTH).toBeGreaterThanOrEqual(WEBHOOK_SECRET_MIN_LENGTH);
  });

  it('differs each time', () => {
    expect(generateSecret()).not.toBe(generateSecret());
  });

  it('draws again for bytes that would bias the letters', () => {
    const draws = [new Uint8Array([255, 254, 0, 61]), new Uint8Array([62, 1, 1, 1])];
    const random = (bytes: Uint8Array) => {
      bytes.set(draws.shift() ?? []);
      return bytes;
    };
    expect(generateSecret(4, random)).toBe('A9AB');
  });
});
