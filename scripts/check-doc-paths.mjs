#!/usr/bin/env node
// Lint: every file or folder path the map and the records name exists (issue 23). ARCHITECTURE.md names
// whole paths from the repository's root; docs/domain.md, docs/decisions/ and the READMEs beside the code
// may name a path from their own folder, from a package's `src/` or from the server's `src/` and
// `src/modules/` (where their readers already are). A path is a backticked word or a Markdown link target
// that has a `/` and either ends in `/` or has a file extension; routes (`/admin`), API paths (`backend/…`),
// patterns (`*`, `:id`, `<noun>`), places under a setting (`DATA_DIR/…`), build output (`dist/`) and
// examples of relative links (`../x.md`) are not paths.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const ROOTS = [
  '',
  'apps/server/src/',
  'apps/server/src/modules/',
  'apps/server/',
  'apps/web/src/',
  'apps/web/src/features/',
  'apps/web/',
  'apps/simulator/src/',
  'packages/shared/src/',
  'docs/',
  'docs/decisions/',
];
const NOT_PATHS =
  /^(backend|auth\/v1|api\/v1|misc|rest|dist)\/|^[A-Z_]+\/|^\.\.\/|^https?:|^\/|[*:<>{}$…]|\.\.\./;
const LOOKS_LIKE_PATH =
  /^[\w.@-]+(?:\/[\w.@[\]-]+)*\/(?:[\w.@[\]-]+\.[a-z]{1,5})?$|^[\w.@-]+(?:\/[\w.@[\]-]+)+\.[a-z]{1,5}$/;

function documents() {
  const decisions = readdirSync(path.join(root, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`);
  const readmes = ['apps', 'packages']
    .flatMap((top) => readdirSync(path.join(root, top), { recursive: true, withFileTypes: true }))
    .filter(
      (entry) => entry.isFile() && entry.name === 'README.md' && !entry.parentPath.includes('node_modules'),
    )
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  return ['ARCHITECTURE.md', 'README.md', 'docs/domain.md', ...decisions, ...readmes];
}

function namedPaths(text) {
  const words = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
  const links = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]);
  return [...words, ...links]
    .map((word) => word.trim().replace(/^\.\//, ''))
    .filter((word) => word.includes('/') && !NOT_PATHS.test(word) && LOOKS_LIKE_PATH.test(word));
}

const missing = [];
for (const document of documents()) {
  const own = `${path.dirname(document)}/`.replace(/^\.\//, '');
  const bases = document === 'ARCHITECTURE.md' ? [''] : [own, ...ROOTS];
  const lines = readFileSync(path.join(root, document), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const named of namedPaths(line)) {
      const found = bases.some((base) => existsSync(path.join(root, path.normalize(base + named))));
      if (!found) missing.push(`${document}:${index + 1}: ${named}`);
    }
  });
}

if (missing.length > 0) {
  console.error(`Stier som dokumentasjonen nevner, men som ikke finnes (${missing.length}):`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log('Alle stier i dokumentasjonen finnes.');
