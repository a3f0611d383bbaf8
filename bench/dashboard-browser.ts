/// <reference lib="dom" />
/**
 * Times the dashboard page in Chromium with 500 facilities × 20 bays (10,000 tiles): the built server on
 * a scratch database seeded with `seed-bays.ts`, a signed-in superadmin, then
 *   - load: navigation → all tiles in the DOM, the dashboard call, long tasks, JS heap, DOM nodes;
 *   - refetch: the 30 s poll (the fallback while the live channel is down; the socket is refused here)
 *     with nothing changed, then with 100 bays changed in the database;
 *   - scroll: the page scrolled to the bottom in steps, frame times from requestAnimationFrame.
 *
 *   npm run build                                             (the web app and the server)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/dashboard-browser.ts            a scratch database on that server
 *   node --import tsx bench/dashboard-browser.ts              embedded PostgreSQL in a temp dir
 *
 * Options (environment): FACILITIES (500), BAYS_PER_FACILITY (20), CHANGED_BAYS (100),
 * CHROMIUM_PATH (e2e/helpers/chromium.ts), VIEWPORT (1440x900), KEEP_SERVER=1 (leave it running for a look;
 * Ctrl-C drops the database).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import {
  assertBuilt,
  launchChromium,
  percentile,
  postgresServer,
  startSeededServer,
  stopServer,
} from './bench-server';

const LOCATIONS = Number(process.env.LOCATIONS ?? 500);
const BAYS_PER_LOCATION = Number(process.env.BAYS_PER_LOCATION ?? 20);
const CHANGED_BAYS = Number(process.env.CHANGED_BAYS ?? 100);
const [WIDTH, HEIGHT] = (process.env.VIEWPORT ?? '1440x900').split('x').map(Number);
const TOTAL = LOCATIONS * BAYS_PER_LOCATION;

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Collects long tasks from the first moment of every page load. */
const LONG_TASK_RECORDER = () => {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

interface LongTaskSummary {
  count: number;
  total: number;
  max: number;
}

async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTaskSummary> {
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
  );
  const within = tasks.filter((task) => task.start + task.duration >= from && task.start <= to);
  return {
    count: within.length,
    total: within.reduce((sum, task) => sum + task.duration, 0),
    max: within.reduce((max, task) => Math.max(max, task.duration), 0),
  };
}

const formatTasks = (tasks: LongTaskSummary) =>
  `${tasks.count} (total ${ms(tasks.total)}, longest ${ms(tasks.max)})`;

async function signIn(page: Page, base: string, admin: { email: string; password: string }) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('E-post').fill(admin.email);
  await page.getByLabel('Passord', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await page.waitForURL(`${base}/`);
  await page.waitForFunction((total) => document.querySelectorAll('[data-bay]').length >= total, TOTAL, {
    timeout: 60_000,
  });
}

async function measureLoad(page: Page, base: string) {
  const response = page.waitForResponse((res) => res.url().endsWith('/api/v1/dashboard/get'));
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  const dashboardResponse = await response;
  const tilesAt = await page
    .waitForFunction(
      (total) => (document.querySelectorAll('[data-bay]').length >= total ? performance.now() : false),
      TOTAL,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  const firstTileAt = await page.evaluate(() => {
    const marks = performance
      .getEntriesByType('paint')
      .find((entry) => entry.name === 'first-contentful-paint');
    return marks?.startTime ?? Number.NaN;
  });
  await page.waitForTimeout(1500); // let trailing tasks (layout of the first screen, idle work) finish
  const timing = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.endsWith('/api/v1/dashboard/get')) as PerformanceResourceTiming | undefined;
    return entry
      ? { start: entry.startTime, end: entry.responseEnd, size: entry.encodedBodySize || entry.transferSize }
      : null;
  });
  const tasks = await longTasksBetween(page, 0, tilesAt + 1500);
  const tasksAfterResponse = await longTasksBetween(page, timing?.end ?? 0, tilesAt + 1500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  await cdp.detach();
  return {
    tilesAt,
    firstTileAt,
    status: dashboardResponse.status(),
    call: timing
      ? {
          ms: timing.end - timing.start,
          end: timing.end,
          kib: (await dashboardResponse.body()).length / 1024,
        }
      : null,
    renderAfterResponse: timing ? tilesAt - timing.end : Number.NaN,
    tasks,
    tasksAfterResponse,
    heapMiB: heap.usedSize / 1024 / 1024,
    domNodes: dom.nodes,
  };
}

/** Waits for the next poll; every bay in `erroredIds` showing 'error' says its result is on screen. */
async function measureRefetch(page: Page, erroredIds: string[]) {
  const start = await page.evaluate(() => performance.now());
  const response = await page.waitForResponse((res) => res.url().endsWith('/api/v1/dashboard/get'), {
    timeout: 45_000,
  });
  const receivedAt = await page.evaluate(() => performance.now());
  const doneAt = await page
    .waitForFunction(
      (ids) =>
        ids.every(
          (id) => document.querySelector<HTMLElement>(`[data-bay="${id}"]`)?.dataset.bayStatus === 'error',
        ),
      erroredIds,
      { polling: 'raf', timeout: 30_000 },
    )
    .then(() => page.evaluate(() => performance.now()));
  await page.waitForTimeout(500);
  const tasks = await longTasksBetween(page, receivedAt - 200, doneAt + 500);
  return { status: response.status(), waitedMs: receivedAt - start, renderMs: doneAt - receivedAt, tasks };
}

async function measureScroll(page: Page, stepPx: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const from = await page.evaluate(() => performance.now());
  // A string, not a function: tsx would wrap the inner named function in a helper the page lacks.
  const frames = await page.evaluate<number[]>(`new Promise((resolve) => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const durations = [];
    let last = performance.now();
    const step = (now) => {
      durations.push(now - last);
      last = now;
      if (scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 2) return resolve(durations.slice(1));
      window.scrollBy(0, ${stepPx});
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
  const to = await page.evaluate(() => performance.now());
  const sorted = [...frames].sort((a, b) => a - b);
  const scrollHeight = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollHeight,
  );
  return {
    frames: frames.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
    over50: frames.filter((frame) => frame > 50).length,
    tasks: await longTasksBetween(page, from, to),
    scrollHeight,
  };
}

assertBuilt();

const postgres = await postgresServer();
const dbName = `vd_bench_ui_${randomBytes(4).toString('hex')}`;
await ensureDatabase(postgres.adminUrl, dbName);
const databaseUrl = withDatabase(postgres.adminUrl, dbName);
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  const started = await startSeededServer(databaseUrl, LOCATIONS, BAYS_PER_LOCATION);
  const { admin } = started;
  server = started.child;

  if (process.env.KEEP_SERVER === '1') {
    console.log(`Server: ${started.base}  sign in as ${admin.email} / ${admin.password}  (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  } else {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: WIDTH ?? 1440, height: HEIGHT ?? 900 } });
    await context.addInitScript(LONG_TASK_RECORDER);

    const page = await context.newPage();
    // The 30 s poll runs only while the live channel is down (realtime-browser.ts measures the live path):
    // its WebSocket is closed at once here, so the refetch below is the fallback poll. Not Playwright's
    // request routing (it would turn the HTTP cache off and slow every request), nor CDP's blocked URLs
    // (lost when signing in loads the app as a new document, decision 021).
    await context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    await signIn(page, started.base, admin);

    // Full document loads (assets from the HTTP cache, as for anyone who has opened the app before).
    const first = await measureLoad(page, started.base);
    const second = await measureLoad(page, started.base);

    const unchanged = await measureRefetch(page, []);

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const { rows } = await pool.query<{ id: string }>(
      `update bays set status = 'error', status_changed_at = now()
       where id in (select id from bays where status <> 'error' order by random() limit $1) returning id`,
      [CHANGED_BAYS],
    );
    await pool.end();
    const changed = await measureRefetch(
      page,
      rows.map((row) => row.id),
    );

    const fling = await measureScroll(page, 300);
    const flingAgain = await measureScroll(page, 300);
    const wheel = await measureScroll(page, 100);

    const scrollRows = (label: string, scroll: typeof fling): [string, string][] => [
      [
        `${label}: frame p50 / p95 / max (${scroll.frames} frames, ${scroll.scrollHeight} px)`,
        `${ms(scroll.p50)} / ${ms(scroll.p95)} / ${ms(scroll.max)}`,
      ],
      [`${label}: frames over 50 ms; long tasks`, `${scroll.over50}; ${formatTasks(scroll.tasks)}`],
    ];
    const loadRow = (label: string, load: typeof first): [string, string][] => [
      [`${label}: navigation → ${TOTAL} tiles in the DOM`, ms(load.tilesAt)],
      [`${label}: first contentful paint`, ms(load.firstTileAt)],
      [
        `${label}: dashboard/get (request → last byte)`,
        load.call ? `${ms(load.call.ms)}, ${load.call.kib.toFixed(0)} KiB` : '-',
      ],
      [`${label}: last byte → all tiles`, ms(load.renderAfterResponse)],
      [`${label}: long tasks, whole load`, formatTasks(load.tasks)],
      [`${label}: long tasks after the response`, formatTasks(load.tasksAfterResponse)],
      [`${label}: JS heap after GC`, `${load.heapMiB.toFixed(1)} MiB`],
      [`${label}: DOM nodes`, load.domNodes.toLocaleString('en')],
    ];
    const table: [string, string][] = [
      ...loadRow('load 1', first),
      ...loadRow('load 2', second),
      ['refetch, nothing changed: response → settled', ms(unchanged.renderMs)],
      ['refetch, nothing changed: long tasks', formatTasks(unchanged.tasks)],
      [`refetch, ${CHANGED_BAYS} bays changed: response → all shown`, ms(changed.renderMs)],
      [`refetch, ${CHANGED_BAYS} bays changed: long tasks`, formatTasks(changed.tasks)],
      ...scrollRows('scroll 300 px/frame', fling),
      ...scrollRows('scroll 300 px/frame again', flingAgain),
      ...scrollRows('scroll 100 px/frame', wheel),
    ];
    const width = Math.max(...table.map(([label]) => label.length));
    console.log(
      `\nDashboard in Chromium, ${LOCATIONS} facilities × ${BAYS_PER_LOCATION} bays, ${WIDTH}×${HEIGHT}:`,
    );
    for (const [label, value] of table) console.log(`  ${label.padEnd(width)}  ${value}`);
  }
} finally {
  await browser?.close();
  if (server) await stopServer(server);
  await dropDatabase(postgres.adminUrl, dbName);
  await postgres.stop();
}
