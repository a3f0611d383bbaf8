import { describe, expect, it } from 'vitest';
import { fileNameProblem, markdownText, markdownTitle } from './data-sources';

describe('fileNameProblem', () => {
  it.each([
    ['rutiner.md', null],
    ['Åpningstider vår 2026.MD', null],
    ['notat.txt', 'wrongType'],
    ['.md', 'wrongType'],
    ['md', 'wrongType'],
    ['../hemmelig.md', 'badName'],
    ['mappe/fil.md', 'badName'],
    ['mappe\\fil.md', 'badName'],
    ['fil\u0000.md', 'badName'],
    ['fil\n.md', 'badName'],
    ['..', 'badName'],
    ['   ', 'badName'],
    [`${'a'.repeat(198)}.md`, 'badName'],
  ])('%j → %j', (name, problem) => {
    expect(fileNameProblem(name)).toBe(problem);
  });
});

describe('markdownText', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('reads UTF-8 text with tabs and both line endings', () => {
    expect(markdownText(bytes('# Tittel\r\n\tæøå – ok\n'))).toBe('# Tittel\r\n\tæøå – ok\n');
  });
  it('refuses invalid UTF-8 and binary control characters', () => {
    expect(markdownText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff]))).toBeNull();
    expect(markdownText(bytes('tekst\u0000'))).toBeNull();
    expect(markdownText(bytes('tekst\u001b[31m'))).toBeNull();
  });
});

describe('markdownTitle', () => {
  it('takes the first heading, else the file name without .md', () => {
    expect(markdownTitle('Innledning\n\n## Rutiner  ##\n# Senere', 'a.md')).toBe('Rutiner');
    expect(markdownTitle('Ingen overskrift', 'Åpningstider.md')).toBe('Åpningstider');
  });
});
