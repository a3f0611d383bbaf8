/*
 * A search excerpt as a person reads it (docs/domain.md, Data sources): `ts_headline` cuts its fragments
 * from the raw Markdown, so without this a hit reads '**Vaskehall** 3 > se [rutinen](…)'. Best effort on
 * fragments that may start or end inside a construct: what is left of one is dropped, the words stay.
 * Text only; the excerpt is never rendered as Markdown or HTML.
 */

const LINE_MARKERS = [
  // Headings, block quotes (nested too), list items and task boxes at the start of a line.
  /^[ \t]*#{1,6}[ \t]+/gm,
  /^[ \t]*(?:>[ \t]?)+/gm,
  /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm,
  // Rules and a table's separator row.
  /^[ \t]*(?:[-*_][ \t]*){3,}$/gm,
  /^[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm,
  // A fenced code block's fence.
  /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/gm,
];

/** Markdown's syntax out of a text fragment, its words kept; whitespace runs become one space. */
export function markdownToText(markdown: string): string {
  let text = markdown;
  for (const marker of LINE_MARKERS) text = text.replace(marker, '');
  text = text
    // Images and links keep their words: ![alt](url), [text](url "title"), [text][ref], <https://…>.
    .replace(/!\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
    // A link cut by the fragment's end: '[text](http…' or a dangling '](url)'.
    .replace(/\]\([^)\s]*\)?/g, '')
    // Emphasis, strike-through and code marks around words; a lone mark at the fragment's edge too.
    .replace(/(\*{1,3}|_{1,3}|~~)(?=\S)/g, (mark, _m, at: number, all: string) =>
      mark.startsWith('_') && /\w/.test(all[at - 1] ?? '') ? mark : '',
    )
    .replace(/(?<=\S)(\*{1,3}|_{1,3}|~~)/g, (mark, _m, at: number, all: string) =>
      mark.startsWith('_') && /\w/.test(all[at + mark.length] ?? '') ? mark : '',
    )
    .replace(/`+/g, '')
    // Table cells and a quote or heading mark left after a line break the fragment joined.
    .replace(/\s*(?:\|\s*)+/g, ' · ')
    .replace(/(^|\s)(?:>|#{1,6})(?=\s)/g, '$1')
    .replace(/\s+/g, ' ');
  return text.replace(/^(?: · )+|(?: · )+$/g, '').trim();
}
