#!/usr/bin/env node
// Lint: no source file over 400 lines and no function over 150 (issue 23). Source is every TypeScript or .mjs file
// the repository tracks outside tests: a test file (`*.test.ts(x)`, `*.int.test.ts`, the e2e specs) reads
// best as one journey after another and is left out. A function is anything with a body (a declaration,
// an arrow, a method, a React component), counted from its first line to its last.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;
const TESTS = /\.test\.tsx?$|\.spec\.ts$|(^|\/)e2e\/tests\//;

const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !TESTS.test(file) && !file.endsWith('.d.ts'));

/** A function's name as a reader would look for it. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  if (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent))
    return node.parent.name.getText();
  return '(uten navn)';
}

const found = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = source.getLineStarts().length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) found.push(`${file}: ${lines} linjer (høyst ${MAX_FILE_LINES})`);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const length = last - first + 1;
      if (length > MAX_FUNCTION_LINES) {
        found.push(`${file}:${first + 1}: ${nameOf(node)} er ${length} linjer (høyst ${MAX_FUNCTION_LINES})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (found.length > 0) {
  process.stderr.write(
    `For store filer og funksjoner (${found.length}):\n${found.map((f) => `  ${f}\n`).join('')}`,
  );
  process.exit(1);
}
process.stdout.write(
  `Ingen kildefil over ${MAX_FILE_LINES} linjer, ingen funksjon over ${MAX_FUNCTION_LINES}.\n`,
);
