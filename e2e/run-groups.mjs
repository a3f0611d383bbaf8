#!/usr/bin/env node
// `npm test -w @vaskedrift/e2e`: the end-to-end suite as two Playwright runs side by side, each with a server,
// database, SMTP catcher and simulator of its own (E2E_PORT and E2E_PORT + 10, playwright.config.ts). The
// journeys that mostly wait — for a scheduled check, a reminder, an incident's group wait, an e-mail — run
// beside the ones that keep the browser busy (the route-by-route axe and phone-layout runs, the long forms),
// so the waits no longer add to the suite's time (docs/decisions/003-testing.md). A spec not listed below
// runs with the busy ones. With arguments it is one plain Playwright run of what they name.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The specs that spend most of their time waiting for the server's clock, not for the browser. */
const WAITING = [
  'engine.spec.ts',
  'maintenance.spec.ts',
  'notifications.spec.ts',
  'desktop-notifications.spec.ts',
  'incidents.spec.ts',
  'offline.spec.ts',
  'web-push.spec.ts',
  'foresight.spec.ts',
  'notification-link.spec.ts',
  'presence.spec.ts',
  'phone-operator.phone.spec.ts',
  'maintenance-plans.phone.spec.ts',
];

function playwright(args, env, tag) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['playwright', 'test', ...args], {
      cwd: here,
      env: { ...process.env, ...env },
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (tag) {
      // Whole lines, each with its group's tag, so the two runs' output can be told apart.
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${tag}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${tag}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (tag)
        process.stdout.write(`[${tag}] ferdig etter ${seconds} s: ${code === 0 ? 'bestått' : 'feilet'}\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const args = process.argv.slice(2);
if (args.length > 0) process.exit(await playwright(args, {}, null));

const specs = readdirSync(path.join(here, 'tests')).filter((name) => name.endsWith('.spec.ts'));
const unknown = WAITING.filter((name) => !specs.includes(name));
if (unknown.length > 0)
  throw new Error(`run-groups.mjs nevner spesifikasjoner som ikke finnes: ${unknown.join(', ')}`);
const waiting = specs.filter((name) => WAITING.includes(name)).map((name) => `tests/${name}`);
const busy = specs.filter((name) => !WAITING.includes(name)).map((name) => `tests/${name}`);

const port = Number(process.env.E2E_PORT ?? 3310);
const codes = await Promise.all([
  playwright(busy, { E2E_PORT: String(port), E2E_GROUP: 'travel' }, 'travel'),
  playwright(waiting, { E2E_PORT: String(port + 10), E2E_GROUP: 'venter' }, 'venter'),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
