import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, hasStoredSession } from './auth-storage';

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('hasStoredSession', () => {
  it('is true when auth-js has a session stored, false otherwise', () => {
    expect(hasStoredSession(storage({ [AUTH_STORAGE_KEY]: '{"access_token":"x"}' }))).toBe(true);
    expect(hasStoredSession(storage({ other: '1' }))).toBe(false);
  });

  it('assumes a session when storage cannot be read (the app then starts and its guard decides)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(hasStoredSession(broken)).toBe(true);
  });
});
