#!/usr/bin/env node
// `npm test`: every suite, one after the other (docs/decisions/003-testing.md): lint, typecheck, unit tests,
// integration tests, end-to-end tests (build, then Playwright), with each one's time, so a slow CI run says
// where its minutes went. Stops at the first failure with its exit code. Side by side they were slower or
// flaky on two cores: see the decision.
//
// `npm test -- --embedded-check` (what `.ci/run` does when the integration tests use a PostgreSQL server)
// also runs one integration file on the embedded PostgreSQL, to check its start-up by the global setup,
// beside the end-to-end suite, whose groups mostly wait: one file more there cost no time, after it ~50 s.
import { spawn } from 'node:child_process';
import { pipeTagged } from './tag-output.mjs';

function withoutDatabaseUrl(env) {
  const { TEST_DATABASE_URL: _, ...rest } = env;
  return rest;
}

const EMBEDDED_CHECK = {
  name: 'innebygd PostgreSQL',
  command: 'npx',
  args: ['vitest', 'run', '--project', 'integration', 'apps/server/src/app.int.test.ts'],
  env: withoutDatabaseUrl(process.env),
};
const npmRun = (script) => ({
  name: `npm run ${script}`,
  command: 'npm',
  args: ['run', '--silent', script],
  env: process.env,
});

/** Each stage's suites run side by side; a stage starts when the one before it has passed. */
const STAGES = [
  [npmRun('lint')],
  [npmRun('typecheck')],
  [npmRun('test:unit')],
  [npmRun('test:integration')],
  [npmRun('test:e2e'), ...(process.argv.includes('--embedded-check') ? [EMBEDDED_CHECK] : [])],
];

/** Runs one suite; with `tag`, each of its output lines carries it, as it shares the terminal. */
function run({ name, command, args, env }, tag) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (tag) pipeTagged(child, tag);
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? 'bestått' : `feilet (${signal ?? `kode ${code}`})`;
      process.stdout.write(`── ${name}: ${outcome} etter ${seconds} s ──\n`);
      resolve(code ?? 1);
    });
  });
}

for (const stage of STAGES) {
  // The first suite of a stage keeps the terminal as it is; any beside it tag their lines.
  const codes = await Promise.all(stage.map((suite, at) => run(suite, at === 0 ? null : suite.name)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
