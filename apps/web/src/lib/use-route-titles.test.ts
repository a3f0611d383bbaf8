import { describe, expect, it } from 'vitest';
import { crumbText, documentTitle, NAME_PLACEHOLDER } from './use-route-titles';

describe('crumbText', () => {
  it('shows the name once loaded, the placeholder while loading, the title when there is none', () => {
    expect(crumbText('Vask Sentrum', 'Anleggsoversikt')).toBe('Vask Sentrum');
    expect(crumbText(undefined, 'Anleggsoversikt')).toBe(NAME_PLACEHOLDER);
    expect(crumbText(null, 'Anleggsoversikt')).toBe('Anleggsoversikt');
  });
});

describe('documentTitle', () => {
  const suffix = 'Vaskedrift';
  it('puts the name after a tab title and alone on the named page itself', () => {
    expect(documentTitle({ title: 'Statistikk', name: 'Vaskehall 2', isPage: false, suffix })).toBe(
      'Statistikk – Vaskehall 2 | Vaskedrift',
    );
    expect(documentTitle({ title: 'Vaskehall', name: 'Vaskehall 2', isPage: true, suffix })).toBe(
      'Vaskehall 2 | Vaskedrift',
    );
  });
  it('waits with the placeholder, falls back to the title, and is the suffix alone without a title', () => {
    expect(documentTitle({ title: 'Logg', name: undefined, isPage: false, suffix })).toBe(
      'Logg – … | Vaskedrift',
    );
    expect(documentTitle({ title: 'Logg', name: null, isPage: false, suffix })).toBe('Logg | Vaskedrift');
    expect(documentTitle({ title: 'Anlegg', suffix })).toBe('Anlegg | Vaskedrift');
    expect(documentTitle({ title: null, suffix })).toBe('Vaskedrift');
  });
});
