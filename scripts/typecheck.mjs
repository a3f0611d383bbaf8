#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, as many at once as the machine has cores (tsc is
// single-threaded: on two cores two projects side by side take about half the time of one after the
// other). The largest first, so the last one to start is a small one. Prints each project's time and
// exits with the first failure's code after all have finished, their output kept together.
import { spawn } from 'node:child_process';
import os from 'node:os';

const PROJECTS = ['apps/web', 'apps/server', 'e2e', 'bench', 'apps/simulator', 'packages/shared'];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${output}tsc -p ${project}: ${code === 0 ? 'ok' : `feilet (kode ${code})`} på ${seconds} s\n`,
      );
      resolve(code ?? 1);
    });
  });
}

const queue = [...PROJECTS];
const codes = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) codes.push(await check(project));
}
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, worker));
process.exit(codes.find((code) => code !== 0) ?? 0);
