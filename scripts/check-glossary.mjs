#!/usr/bin/env node
// Lint: the glossary's rule kept by the code (docs/domain.md, Words: "`location`, never `facility`"). Fails
// on a TypeScript identifier (a type, function, variable, constant, property or parameter name) or a file
// name that says facility, in every TypeScript or .mjs file the repository tracks, tests included. Comments,
// strings and the Norwegian texts are prose and may use the word; a wire name that another program fixes is
// kept by the allowlist below, each with why.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const DRIFT = /facilit/i;

/**
 * Identifiers that must stay as they are, by file, each with a comment saying why (names as strings, so the
 * list does not break the rule it keeps). A name here is a wire name, not the code's choice; a new entry
 * needs a reason a reviewer accepts.
 */
const ALLOWED = {
  'apps/server/src/modules/demo/demo.ts': [
    // The key a demo API connection keeps its simulated location's id under in `apis.details` (read back by
    // demo.repository.ts on every start): databases hold it, so a new name would need a data migration.
    'simulatorFacility',
  ],
};

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.endsWith('.d.ts'));

const found = [];
for (const file of files) {
  if (DRIFT.test(file)) found.push(`${file}: filnavnet`);
  const text = readFileSync(path.join(root, file), 'utf8');
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.mjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const allowed = ALLOWED[file] ?? [];
  const visit = (node) => {
    if (
      (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) &&
      DRIFT.test(node.text) &&
      !allowed.includes(node.text)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (found.length > 0) {
  process.stderr.write(
    `Navn som sier facility, ikke location (docs/domain.md, Words), ${found.length}:\n` +
      found.map((f) => `  ${f}\n`).join(''),
  );
  process.exit(1);
}
process.stdout.write('Ingen identifikator eller filnavn sier facility (utenom unntakslisten).\n');
