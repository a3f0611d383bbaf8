/**
 * The user guide: Norwegian Markdown shipped in the bundle (`guide/NN-<slug>.md`, in file-name order).
 * Each chapter's title is its first heading; its slug, the file name without the number, is its address.
 */
const files = import.meta.glob<string>('./*.md', { query: '?raw', import: 'default', eager: true });

export interface GuideChapter {
  slug: string;
  title: string;
  text: string;
}

export const GUIDE_CHAPTERS: readonly GuideChapter[] = Object.keys(files)
  .sort()
  .map((path) => {
    const text = files[path] ?? '';
    const slug = path.replace(/^\.\/\d+-/, '').replace(/\.md$/, '');
    const title = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? slug;
    return { slug, title, text };
  });
