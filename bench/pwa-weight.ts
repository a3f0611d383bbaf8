/**
 * The installable app's weight on the sign-in page (issue 27, decision 036): the built server (`npm run
 * build` first) on a scratch database with a few bays, headless Chromium, a new context (cold cache) at
 * `/sign-in` until the network is idle, then signed in (the worker registers once the app's first page is
 * there, decision 040) until the service worker is active and the network idle again. Every request of the context is
 * counted from Playwright's network events, the service worker's own included (the page's Resource Timing
 * does not see those), as sent (`responseBodySize`: compressed) and per part:
 *   - the page's JavaScript (its first chunk, `color-scheme.js`, the worker's registration chunk imported
 *     after `load`): what the "≤ 150 KiB of JavaScript on the wire" is about;
 *   - what `index.html` preloads beside it for the app's first page (Mantine's stylesheet, `app-start`, the
 *     bundler's runtime, the texts, auth-js; decision 040), and what signing in adds to it;
 *   - `sw.js`, the manifest and its icons;
 *   - the precache: what the worker downloads once per version, in the background.
 *
 *   npm run build
 *   node --import tsx bench/pwa-weight.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
 * made there and dropped), CHROMIUM_PATH (e2e/helpers/chromium.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Browser, Request } from '@playwright/test';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { assertBuilt, fmt, launchChromium, startSeededServer, stopServer } from './bench-server';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Part =
  | 'page JS'
  | 'page CSS'
  | 'page, other'
  | 'preloaded app'
  | 'signing in'
  | 'sw.js'
  | 'manifest + icons'
  | 'precache';
const PARTS: Part[] = [
  'page JS',
  'page CSS',
  'page, other',
  'preloaded app',
  'signing in',
  'sw.js',
  'manifest + icons',
  'precache',
];

let signingIn = false;

function partOf(request: Request): Part {
  const path = new URL(request.url()).pathname;
  if (request.serviceWorker()) return 'precache';
  if (/^\/assets\/(styles|app-start|rolldown-runtime|auth|nb)-[\w-]{8}\.(js|css)$/.test(path))
    return 'preloaded app';
  if (signingIn) return 'signing in';
  if (path === '/sw.js') return 'sw.js';
  if (path === '/manifest.webmanifest' || path.startsWith('/icons/')) return 'manifest + icons';
  if (path.endsWith('.js')) return 'page JS';
  if (path.endsWith('.css')) return 'page CSS';
  return 'page, other';
}

assertBuilt();
const dbName = `bench_pwa_${randomBytes(4).toString('hex')}`;
await ensureDatabase(ADMIN_URL, dbName);
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  const started = await startSeededServer(withDatabase(ADMIN_URL, dbName), 2, 2);
  server = started.child;
  browser = await launchChromium();
  const context = await browser.newContext();
  const sums = new Map<Part, { wire: number; count: number }>(
    PARTS.map((part) => [part, { wire: 0, count: 0 }]),
  );
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then((sizes) => {
        const sum = sums.get(partOf(request));
        if (!sum) return;
        sum.wire += sizes.responseBodySize;
        sum.count += 1;
      }),
    );
  });
  const page = await context.newPage();
  await page.goto(`${started.base}/sign-in`, { waitUntil: 'networkidle' });
  signingIn = true;
  await page.getByLabel('E-post').fill(started.admin.email);
  await page.getByLabel('Passord', { exact: true }).fill(started.admin.password);
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise((resolve) => registration.active?.addEventListener('statechange', resolve));
    }
  });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // The worker's own script and the manifest are fetched by the browser outside the page's and the worker's
  // requests (the manifest only when it considers installing): asked for here as it asks, brotli accepted.
  const manifest = (await (await fetch(`${started.base}/manifest.webmanifest`)).json()) as {
    icons: { src: string }[];
  };
  for (const [part, paths] of [
    ['sw.js', ['/sw.js']],
    ['manifest + icons', ['/manifest.webmanifest', ...manifest.icons.map((icon) => icon.src)]],
  ] as const) {
    const sum = sums.get(part);
    for (const path of paths) {
      const response = await fetch(`${started.base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      const body = await response.arrayBuffer();
      if (!sum) continue;
      sum.wire += Number(response.headers.get('content-length') ?? body.byteLength);
      sum.count += 1;
    }
  }

  console.log('\nThe sign-in page, first visit (cold cache), then signing in, as sent:\n');
  console.log('| part | KiB | files |');
  console.log('|---|---|---|');
  for (const part of PARTS) {
    const sum = sums.get(part) ?? { wire: 0, count: 0 };
    console.log(`| ${part} | ${fmt(sum.wire / 1024, 1)} | ${sum.count} |`);
  }
  await context.close();
} finally {
  await browser?.close();
  if (server) await stopServer(server);
  await dropDatabase(ADMIN_URL, dbName);
}
