#!/usr/bin/env node
// `npm test`: every suite, one after the other (docs/decisions/003-testing.md): lint, typecheck, unit tests,
// integration tests, end-to-end tests (build, then Playwright), with each one's time, so a slow CI run says
// where its minutes went. Stops at the first failure with its exit code. Side by side they were slower or
// flaky on two cores: see the decision.
import { spawn } from 'node:child_process';

const SUITES = ['lint', 'typecheck', 'test:unit', 'test:integration', 'test:e2e'];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', env: process.env });
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const outcome = code === 0 ? 'bestått' : `feilet (${signal ?? `kode ${code}`})`;
      process.stdout.write(`── npm run ${script}: ${outcome} etter ${seconds} s ──\n`);
      resolve(code ?? 1);
    });
  });
}

for (const script of SUITES) {
  const code = await run(script);
  if (code !== 0) process.exit(code);
}
