/// <reference lib="dom" />
/**
 * What the browser downloads per route, and how fast the page is there (issue 12, decision 021): the built
 * server (`npm run build` first) on a scratch database seeded with FACILITIES × BAYS_PER_FACILITY bays
 * (`seed-bays.ts`), a superadmin, headless Chromium. Bytes come from the page's Resource Timing
 * (`encodedBodySize`: the body as sent, compressed; `decodedBodySize`: after decoding), per kind
 * (JS, CSS, API answers, the rest, the document included).
 *   1. sign-in, first visit: a new browser context (cold cache), `/sign-in` until the network is idle;
 *      LCP and first contentful paint.
 *   2. sign-in → dashboard: the form filled in (which fetches auth-js) and sent, until every tile is in
 *      the DOM: what that added, counted from the network (the app loads as a new document).
 *   3. dashboard, first visit signed in: a new context with the session stored (cold cache), `/` →
 *      every tile; LCP.
 *   4. dashboard again (warm cache, as `dashboard-browser.ts` measures it): `/` → every tile.
 * Times are the median of RUNS runs (each its own contexts), bytes those of the last run.
 *
 *   npm run build
 *   node --import tsx bench/delivery-browser.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
 * made there and dropped), FACILITIES (500), BAYS_PER_FACILITY (20), RUNS (3), CHROMIUM_PATH
 * (e2e/helpers/chromium.ts), VIEWPORT (1440x900).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { assertBuilt, launchChromium, percentile, startSeededServer, stopServer } from './bench-server';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const BAYS_PER_LOCATION = Number(process.env.BAYS_PER_LOCATION ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const [WIDTH = 1440, HEIGHT = 900] = (process.env.VIEWPORT ?? '1440x900').split('x').map(Number);
const TOTAL = LOCATIONS * BAYS_PER_LOCATION;

/** Keeps every resource entry and the largest contentful paint from the first moment of each document. */
const RECORDER = () => {
  performance.setResourceTimingBufferSize(10_000);
  const w = window as unknown as { __lcp: number };
  w.__lcp = Number.NaN;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

type Kind = 'js' | 'css' | 'dashboard' | 'api' | 'other';
const KINDS = ['js', 'css', 'dashboard', 'api', 'other', 'total'] as const;
type Bytes = Record<Kind | 'total', { wire: number; decoded: number; count: number }>;

const emptyBytes = () =>
  Object.fromEntries(KINDS.map((kind) => [kind, { wire: 0, decoded: 0, count: 0 }])) as Bytes;

function kindOf(url: string): Kind {
  const path = new URL(url).pathname;
  if (path.endsWith('.js')) return 'js';
  if (path.endsWith('.css')) return 'css';
  if (path === '/api/v1/dashboard/get') return 'dashboard';
  if (path.startsWith('/api/') || path.startsWith('/auth/')) return 'api';
  return 'other';
}

function addBytes(bytes: Bytes, kind: Kind, wire: number, decoded: number) {
  for (const key of [kind, 'total'] as const) {
    bytes[key].wire += wire;
    bytes[key].decoded += decoded;
    bytes[key].count += 1;
  }
}

/** Bytes of the document and every resource it loaded so far, from Resource Timing. */
async function documentBytes(page: Page): Promise<Bytes> {
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
      (entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { name: timing.name, wire: timing.encodedBodySize, decoded: timing.decodedBodySize };
      },
    ),
  );
  const bytes = emptyBytes();
  for (const entry of entries) addBytes(bytes, kindOf(entry.name), entry.wire, entry.decoded);
  return bytes;
}

/**
 * Bytes of every response the page receives while `during` runs, documents included, counted from the
 * network (Resource Timing starts afresh with each document, and signing in loads a new one).
 */
async function bytesDuring(page: Page, during: () => Promise<void>): Promise<Bytes> {
  const bytes = emptyBytes();
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const body = await (await request.response())?.body().catch(() => null);
        addBytes(bytes, kindOf(request.url()), sizes.responseBodySize, body?.length ?? 0);
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  try {
    await during();
  } finally {
    page.off('requestfinished', onFinished);
  }
  await Promise.all(pending);
  return bytes;
}

const pageNow = (page: Page) => page.evaluate(() => performance.now());
const lcpOf = (page: Page) => page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
const fcpOf = (page: Page) =>
  page.evaluate(
    () =>
      performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')
        ?.startTime ?? Number.NaN,
  );

/** When every tile is in the DOM (polled each frame): performance.now() and the wall clock. */
const allTiles = (page: Page) =>
  page
    .waitForFunction(
      (total) =>
        document.querySelectorAll('[data-bay]').length >= total
          ? { now: performance.now(), wall: performance.timeOrigin + performance.now() }
          : false,
      TOTAL,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ now: number; wall: number }>);

async function newContext(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, storageState });
  await context.addInitScript(RECORDER);
  return context;
}

async function oneRun(browser: Browser, base: string, admin: { email: string; password: string }) {
  // 1. The sign-in page, first visit.
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
  await page.getByLabel('E-post').waitFor();
  const formAt = await pageNow(page);
  await page.waitForLoadState('networkidle');
  const signInPage = {
    bytes: await documentBytes(page),
    lcp: await lcpOf(page),
    fcp: await fcpOf(page),
    formAt,
  };

  // 2. Signing in, until the dashboard's tiles are all there (the wall clock: the app loads as a new document).
  let tilesAt = 0;
  let clickedAt = 0;
  const addedBytes = await bytesDuring(page, async () => {
    await page.getByLabel('E-post').fill(admin.email);
    await page.getByLabel('Passord', { exact: true }).fill(admin.password);
    clickedAt = Date.now();
    await page.getByRole('button', { name: 'Fortsett' }).click();
    tilesAt = (await allTiles(page)).wall;
    await page.waitForLoadState('networkidle');
  });
  const afterSignIn = { bytes: addedBytes, tiles: tilesAt - clickedAt };
  const session = await signInContext.storageState();
  await signInContext.close();

  // 3. The dashboard, first visit with a stored session (cold cache); 4. the same again (warm cache).
  const dashboardContext = await newContext(browser, session);
  const dashboard = await dashboardContext.newPage();
  const loads: { tiles: number; lcp: number; fcp: number; bytes: Bytes }[] = [];
  for (let i = 0; i < 2; i++) {
    await dashboard.goto(`${base}/`, { waitUntil: 'commit' });
    const tiles = (await allTiles(dashboard)).now;
    await dashboard.waitForLoadState('networkidle');
    loads.push({
      tiles,
      lcp: await lcpOf(dashboard),
      fcp: await fcpOf(dashboard),
      bytes: await documentBytes(dashboard),
    });
  }
  await dashboardContext.close();
  return { signInPage, afterSignIn, dashboardCold: loads[0], dashboardWarm: loads[1] };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const bytesRows = (label: string, bytes: Bytes): [string, string][] =>
  KINDS.filter((kind) => bytes[kind].count > 0).map((kind) => [
    `${label}: ${kind} on the wire / decoded (files)`,
    `${kib(bytes[kind].wire)} / ${kib(bytes[kind].decoded)} (${bytes[kind].count})`,
  ]);

assertBuilt();
const dbName = `vd_bench_delivery_${randomBytes(4).toString('hex')}`;
await ensureDatabase(ADMIN_URL, dbName);
const databaseUrl = withDatabase(ADMIN_URL, dbName);
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  const started = await startSeededServer(databaseUrl, LOCATIONS, BAYS_PER_LOCATION);
  const { admin } = started;
  server = started.child;
  browser = await launchChromium();
  const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, started.base, admin));
  const last = runs.at(-1);
  if (!last?.dashboardCold || !last.dashboardWarm) throw new Error('no run');
  const med = (pick: (run: (typeof runs)[number]) => number) => ms(median(runs.map(pick)));
  const all = (pick: (run: (typeof runs)[number]) => number) =>
    runs.map((run) => pick(run).toFixed(0)).join(' / ');
  const table: [string, string][] = [
    ...bytesRows('sign-in, first visit', last.signInPage.bytes),
    [
      'sign-in: form on screen (polled), FCP, LCP',
      `${med((r) => r.signInPage.formAt)}, ${med((r) => r.signInPage.fcp)}, ${med((r) => r.signInPage.lcp)}`,
    ],
    ...bytesRows('sign-in → dashboard, added', last.afterSignIn.bytes),
    ['sign-in click → all tiles', `${med((r) => r.afterSignIn.tiles)} (${all((r) => r.afterSignIn.tiles)})`],
    ...bytesRows('dashboard, first visit signed in', last.dashboardCold.bytes),
    [
      'dashboard cold: navigation → all tiles',
      `${med((r) => r.dashboardCold?.tiles ?? Number.NaN)} (${all((r) => r.dashboardCold?.tiles ?? Number.NaN)})`,
    ],
    [
      'dashboard cold: FCP, LCP',
      `${med((r) => r.dashboardCold?.fcp ?? Number.NaN)}, ${med((r) => r.dashboardCold?.lcp ?? Number.NaN)}`,
    ],
    [
      'dashboard warm: navigation → all tiles',
      `${med((r) => r.dashboardWarm?.tiles ?? Number.NaN)} (${all((r) => r.dashboardWarm?.tiles ?? Number.NaN)})`,
    ],
    [
      'dashboard warm: FCP, LCP',
      `${med((r) => r.dashboardWarm?.fcp ?? Number.NaN)}, ${med((r) => r.dashboardWarm?.lcp ?? Number.NaN)}`,
    ],
  ];
  const width = Math.max(...table.map(([label]) => label.length));
  console.log(
    `\nDelivery in Chromium, ${LOCATIONS} × ${BAYS_PER_LOCATION} bays, ${WIDTH}×${HEIGHT}, ${RUNS} runs:`,
  );
  for (const [label, value] of table) console.log(`  ${label.padEnd(width)}  ${value}`);
} finally {
  await browser?.close();
  if (server) await stopServer(server);
  await dropDatabase(ADMIN_URL, dbName);
}
