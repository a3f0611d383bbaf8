import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text';

describe('markdownToText', () => {
  it.each([
    ['**Vaskehall 3** stenger', 'Vaskehall 3 stenger'],
    ['> Husk å *skylle* dysene', 'Husk å skylle dysene'],
    ['## Rutiner\nSe [rutinen](https://example.no/r "Rutine") før start', 'Rutiner Se rutinen før start'],
    ['- punkt en\n- punkt to\n1. første', 'punkt en punkt to første'],
    ['Kjør `npm start` og ~~ikke~~ vent', 'Kjør npm start og ikke vent'],
    ['| Hall | Trykk |\n|---|---|\n| 1 | 2 bar |', 'Hall · Trykk · 1 · 2 bar'],
    [
      '![bilde av pumpen](pumpe.png) og <https://drift.example.no>',
      'bilde av pumpen og https://drift.example.no',
    ],
    ['snake_case_navn og __fet__', 'snake_case_navn og fet'],
    ['```\nkode\n```', 'kode'],
  ])('%j → %j', (markdown, text) => {
    expect(markdownToText(markdown)).toBe(text);
  });

  it('drops what is left of a construct the fragment cut, and keeps the hit marks', () => {
    expect(markdownToText('slutten av en **setning')).toBe('slutten av en setning');
    expect(markdownToText('se [\u0002vaskehall\u0003](https://exa')).toBe('se \u0002vaskehall\u0003');
    expect(markdownToText('**\u0002vaskehallen\u0003** er stengt > les mer')).toBe(
      '\u0002vaskehallen\u0003 er stengt les mer',
    );
  });
});
