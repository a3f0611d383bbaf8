import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { safeUrl } from './safe-url';

const render = (text: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <Markdown>{text}</Markdown>
    </MantineProvider>,
  );

describe('Markdown', () => {
  it('shows raw HTML as text: a <script> is characters on the page, never an element', () => {
    const html = render(
      'Før\n\n<script>window.hacked = true</script>\n\nEtter <img src=x onerror="alert(1)">',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;script&gt;window.hacked = true&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('drops a javascript: link, keeping its text, and keeps http(s) and mailto links', () => {
    const html = render(
      '[klikk](javascript:alert(1)) [lur](JaVa\tScRiPt:alert(1)) [data](data:text/html,hei) [nett](https://vaskedrift.no) [post](mailto:drift@vaskedrift.no) [inne](/docs)',
    );
    expect(html).not.toMatch(/javascript|data:text/i);
    expect(html).toContain('klikk');
    expect(html).toContain('href="https://vaskedrift.no"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('href="mailto:drift@vaskedrift.no"');
    expect(html).toContain('href="/docs"');
  });

  it('renders GitHub tables and code blocks', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n```json\n{"a": 1}\n```');
    expect(html).toContain('<table');
    expect(html).toContain('class="language-json"');
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://a.no/x', 'https://a.no/x'],
    ['http://a.no', 'http://a.no'],
    ['mailto:a@b.no', 'mailto:a@b.no'],
    ['#kapittel', '#kapittel'],
    ['./annen.md', './annen.md'],
    ['javascript:alert(1)', null],
    [' javascript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['vbscript:x', null],
    ['data:image/png;base64,xx', null],
    ['file:///etc/passwd', null],
    ['//annen.vert/x', null],
    ['', null],
  ])('%j → %j', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});
