#!/usr/bin/env node
// `npm test -w @vaskedrift/e2e`: the end-to-end suite as three Playwright runs side by side, each with a server,
// database, SMTP catcher and simulator of its own (E2E_PORT, E2E_PORT + 5 and E2E_PORT + 10,
// playwright.config.ts). The journeys that mostly wait — for a scheduled check, a reminder, an incident's
// group wait, an e-mail — run beside the ones that keep the browser busy, and those are split in two (the
// route-by-route axe run with the short page checks, the phone-layout run with the long forms, each with
// one of the waiting journeys), so that the three groups take about as long and none alone sets the
// suite's time (docs/decisions/003-testing.md).
// A spec not listed below runs in the last group. With arguments it is one plain Playwright run of what
// they name.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeTagged } from '../scripts/tag-output.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The specs that spend most of their time waiting for the server's clock, not for the browser (two more
 * wait in the other two groups, one in `BESIDE` and one left to the rest, to even out the groups' sums).
 */
const WAITING = [
  'engine.spec.ts',
  'maintenance.spec.ts',
  'desktop-notifications.spec.ts',
  'incidents.spec.ts',
  'offline.spec.ts',
  'web-push.spec.ts',
  'foresight.spec.ts',
  'presence.spec.ts',
  'phone-operator.phone.spec.ts',
  'maintenance-plans.phone.spec.ts',
];

/**
 * The axe run's group: busy specs beside the other busy ones, and since the axe run opens its routes in the
 * app (decision 003) a waiting spec too, so that the three groups' sums are about equal (the rest has
 * `notification-link.spec.ts` and `reports.spec.ts`).
 * Rebalance from the per-test times (`[group] ✓ … (time)` lines) when a group ends well before the others.
 */
const BESIDE = [
  'accessibility.spec.ts',
  'docs.spec.ts',
  'desktop-layout.spec.ts',
  'realtime.spec.ts',
  'notifications.spec.ts',
];

function playwright(args, env, tag) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['playwright', 'test', ...args], {
      cwd: here,
      env: { ...process.env, ...env },
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (tag) pipeTagged(child, tag);
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
const unknown = [...WAITING, ...BESIDE].filter((name) => !specs.includes(name));
if (unknown.length > 0)
  throw new Error(`run-groups.mjs nevner spesifikasjoner som ikke finnes: ${unknown.join(', ')}`);
const listed = (names) => specs.filter((name) => names.includes(name)).map((name) => `tests/${name}`);
const rest = specs.filter((name) => !WAITING.includes(name) && !BESIDE.includes(name));

// Each group's ports are its E2E_PORT to E2E_PORT + 3 (playwright.config.ts): 5 apart, all within port + 13.
const port = Number(process.env.E2E_PORT ?? 3310);
const groups = [
  { tag: 'travel', specs: rest.map((name) => `tests/${name}`), port },
  { tag: 'axe', specs: listed(BESIDE), port: port + 5 },
  { tag: 'venter', specs: listed(WAITING), port: port + 10 },
];
const codes = await Promise.all(
  groups.map((group) =>
    playwright(group.specs, { E2E_PORT: String(group.port), E2E_GROUP: group.tag }, group.tag),
  ),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
