import { describe, expect, it } from 'vitest';
import { deriveKey } from './crypto';
import { open, seal } from './secret-box';

const key = deriveKey('a'.repeat(32), 'test');

describe('secret box', () => {
  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const a = seal(key, 'JBSWY3DPEHPK3PXP');
    const b = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered value and one sealed with another key', () => {
    const sealed = seal(key, 'hemmelig');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => open(key, parts.join('.'))).toThrow();
    expect(() => open(deriveKey('b'.repeat(32), 'test'), sealed)).toThrow();
  });
});
