import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirect('/locations?page=2')).toBe('/locations?page=2');
    expect(safeRedirect('/sign-inside')).toBe('/sign-inside');
  });

  it('falls back to / for anything else', () => {
    const unsafe = [
      undefined,
      42,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/sign-in',
      '/login?x=1',
    ];
    for (const target of unsafe) expect(safeRedirect(target)).toBe('/');
  });
});
