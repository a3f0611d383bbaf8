/// <reference lib="dom" />
/**
 * A bay's status saved on the server → its tile changed in the dashboard in Chromium, over the live channel
 * (issue 11, decision 020): the built server in a child process on a scratch database on the external
 * PostgreSQL, seeded with FACILITIES × BAYS_PER_FACILITY bays (`seed-bays.ts`), a signed-in superadmin.
 * A MutationObserver in the page records when each tile's `data-bay-status` changes (performance.timeOrigin
 * + performance.now(), the same wall clock as this process on the same machine).
 *   1. Latency: CHANGES changes, one at a time (GAP_MS apart), through `PATCH /api/v1/backend/bays/update`
 *      from this process; tile changed − API answer, and − request sent, p50/p99.
 *   2. Load: RATE changes a second for SECONDS with the page open: long tasks (count, total, longest),
 *      frames (requestAnimationFrame callbacks a second: mean, worst second; gaps over 50 ms), tile
 *      latency under that load, dashboard refetches, and whether every tile ends in its saved status.
 *
 *   npm run build
 *   node --import tsx bench/realtime-browser.ts
 *   node --import tsx bench/realtime-browser.ts --rate 50 --seconds 10 --changes 30
 *
 * Options (flags or environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), FACILITIES
 * (500), BAYS_PER_FACILITY (20), CHANGES (100), GAP_MS (200), RATE (100), SECONDS (20), CHROMIUM_PATH
 * (e2e/helpers/chromium.ts), VIEWPORT (1440x900).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import {
  assertBuilt,
  benchOptions,
  fmt,
  freePort,
  launchChromium,
  percentile,
  processCpuSeconds,
  setBayStatus,
  signIn,
  startServer,
  stopServer,
} from './bench-server';
import { seedBays } from './seed-bays';

const { option } = benchOptions([
  'facilities',
  'bays-per-facility',
  'changes',
  'gap-ms',
  'rate',
  'seconds',
  'string',
]);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCATIONS = option('facilities', 500);
const BAYS_PER_LOCATION = option('bays-per-facility', 20);
const CHANGES = option('changes', 100);
const GAP_MS = option('gap-ms', 200);
const RATE = option('rate', 100);
const SECONDS = option('seconds', 20);
const [WIDTH, HEIGHT] = (process.env.VIEWPORT ?? '1440x900').split('x').map(Number);
const TOTAL = LOCATIONS * BAYS_PER_LOCATION;
const STATUSES = ['operational', 'warning', 'error', 'inactive'] as const;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Recorded = {
  tiles: { bay: string; status: string; t: number }[];
  longTasks: { t: number; duration: number }[];
  frames: number[];
};

/**
 * In the page from its first moment: tile status changes, long tasks and frames, all on the wall clock. A
 * string, not a function: tsx would wrap the inner functions in a helper the page lacks.
 */
const RECORDER = `(() => {
  const wall = () => performance.timeOrigin + performance.now();
  const bench = { tiles: [], longTasks: [], frames: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.longTasks.push({ t: performance.timeOrigin + entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((records) => {
    const t = wall();
    for (const record of records) {
      const bay = record.target.dataset && record.target.dataset.bay;
      if (bay) bench.tiles.push({ bay, status: record.target.dataset.bayStatus || '', t });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-bay-status'] });
  const frame = () => {
    bench.frames.push(wall());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => (window as unknown as { __bench: Recorded }).__bench);
}

function summary(values: number[]) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1) ?? Number.NaN)} ms (n = ${sorted.length})`;
}

type Change = { bayId: string; to: string; sentAt: number; answeredAt: number };

function nextStatus(from: string): string {
  return STATUSES[(STATUSES.indexOf(from as (typeof STATUSES)[number]) + 1) % STATUSES.length] as string;
}

/** For each change, the first time after it was sent that its tile showed its status. */
function tileTimes(changes: Change[], tiles: Recorded['tiles']): number[] {
  const byBay = new Map<string, Recorded['tiles']>();
  for (const tile of tiles) {
    const list = byBay.get(tile.bay) ?? [];
    list.push(tile);
    byBay.set(tile.bay, list);
  }
  return changes.map((change) => {
    const hit = byBay.get(change.bayId)?.find((t) => t.status === change.to && t.t >= change.sentAt);
    return hit ? hit.t : Number.NaN;
  });
}

/**
 * RATE changes a second for SECONDS through the API, each bay on to its next status; answers the changes (a
 * failed one keeps `answeredAt` NaN), the failures, and the window from the first send to the last answer.
 */
async function changeAtRate(base: string, token: string, pick: () => Change, bays: Map<string, string>) {
  const load: Change[] = [];
  const from = now();
  const end = from + SECONDS * 1000;
  const pending = new Set<Promise<void>>();
  let failed = 0;
  while (now() < end) {
    const due = Math.floor(((now() - from) / 1000) * RATE);
    while (load.length < due) {
      const change = pick();
      change.sentAt = now();
      bays.set(change.bayId, change.to);
      load.push(change);
      const call = setBayStatus(base, token, change.bayId, change.to)
        .then(() => {
          change.answeredAt = now();
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => pending.delete(call));
      pending.add(call);
    }
    await sleep(5);
  }
  await Promise.all(pending);
  return { load, failed, from, to: now() };
}

/** Frames in each whole second from `from` to `to`, and the gaps between frames over 50 ms. */
function frameFigures(frames: number[], from: number, to: number) {
  const windowSeconds = Math.floor((to - from) / 1000);
  const perSecond: number[] = [];
  for (let s = 0; s < windowSeconds; s++)
    perSecond.push(frames.filter((t) => t >= from + s * 1000 && t < from + (s + 1) * 1000).length);
  let gaps = 0;
  let longestGap = 0;
  for (let i = 1; i < frames.length; i++) {
    const gap = (frames[i] as number) - (frames[i - 1] as number);
    if (gap > 50) gaps += 1;
    longestGap = Math.max(longestGap, gap);
  }
  return { perSecond, gaps, longestGap };
}

async function main() {
  assertBuilt();
  const dbName = `vd_bench_rtui_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, dbName);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const seeded = await seedBays(databaseUrl, LOCATIONS, BAYS_PER_LOCATION);
    console.log(`Seeded ${seeded.locations} facilities, ${seeded.bays} bays in ${seeded.ms} ms`);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const { rows } = await pool.query<{ id: string; status: string }>(
      `select id, status from bays where status <> 'maintenance' order by random()`,
    );
    const bays = new Map(rows.map((r) => [r.id, r.status]));
    const admin = { email: 'bench-admin@example.com', password: randomBytes(12).toString('hex') };
    const started = await startServer({
      databaseUrl,
      port: await freePort(),
      secretKey: randomBytes(32).toString('hex'),
      admin,
    });
    server = started.child;
    const base = started.base;
    const token = await signIn(base, admin);

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: WIDTH ?? 1440, height: HEIGHT ?? 900 } });
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    const dashboardCalls: number[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/v1/dashboard/get')) dashboardCalls.push(now());
    });
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('E-post').fill(admin.email);
    await page.getByLabel('Passord', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Fortsett' }).click();
    await page.waitForURL(`${base}/`);
    await page.waitForFunction((total) => document.querySelectorAll('[data-bay]').length >= total, TOTAL, {
      timeout: 60_000,
    });
    await page.waitForSelector('[data-realtime-state="connected"]', { timeout: 30_000 });
    await sleep(2000);
    const ids = [...bays.keys()];
    let next = 0;
    const pick = (): Change => {
      const bayId = ids[next++ % ids.length] as string;
      return { bayId, to: nextStatus(bays.get(bayId) as string), sentAt: Number.NaN, answeredAt: Number.NaN };
    };

    // 1. One change at a time.
    const single: Change[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const change = pick();
      change.sentAt = now();
      await setBayStatus(base, token, change.bayId, change.to);
      change.answeredAt = now();
      bays.set(change.bayId, change.to);
      single.push(change);
      await page.waitForFunction(
        ([id, status]) =>
          document.querySelector<HTMLElement>(`[data-bay="${id}"]`)?.dataset.bayStatus === status,
        [change.bayId, change.to],
        { polling: 'raf', timeout: 30_000 },
      );
      await sleep(GAP_MS);
    }
    let rec = await recorded(page);
    let shown = tileTimes(single, rec.tiles);
    console.log(`\nDashboard in Chromium, ${fmt(TOTAL)} tiles, ${WIDTH}×${HEIGHT}`);
    console.log(`1. ${CHANGES} changes one at a time (${GAP_MS} ms apart)`);
    console.log(`   API call (request → answer):  ${summary(single.map((c) => c.answeredAt - c.sentAt))}`);
    console.log(
      `   API answer → tile changed:    ${summary(single.map((c, i) => (shown[i] as number) - c.answeredAt))}`,
    );
    console.log(
      `   request sent → tile changed:  ${summary(single.map((c, i) => (shown[i] as number) - c.sentAt))}`,
    );

    // 2. RATE changes a second for SECONDS.
    await sleep(2000);
    const callsBefore = dashboardCalls.length;
    const cpu0 = processCpuSeconds(server.pid as number);
    const { load, failed, from, to } = await changeAtRate(base, token, pick, bays);
    const serverCpu = processCpuSeconds(server.pid as number) - cpu0;
    // Every tile in its saved status (or 30 s).
    const settled = await page
      .waitForFunction(
        (expected) =>
          expected.every(
            ([id, status]) =>
              document.querySelector<HTMLElement>(`[data-bay="${id}"]`)?.dataset.bayStatus === status,
          ),
        load.filter((c) => Number.isFinite(c.answeredAt)).map((c) => [c.bayId, bays.get(c.bayId)] as const),
        { polling: 500, timeout: 30_000 },
      )
      .then(() => now())
      .catch(() => Number.NaN);
    await sleep(1000);
    rec = await recorded(page);
    shown = tileTimes(load, rec.tiles);
    const tasks = rec.longTasks.filter((t) => t.t + t.duration >= from && t.t <= to);
    const frames = rec.frames.filter((t) => t >= from && t <= to);
    const { perSecond, gaps, longestGap } = frameFigures(frames, from, to);
    const notShown = shown.filter(
      (t, i) => !Number.isFinite(t) && Number.isFinite(load[i]?.answeredAt),
    ).length;
    console.log(`2. ${RATE} changes a second for ${SECONDS} s (${fmt(load.length)} made, ${failed} failed)`);
    console.log(`   API call (request → answer):  ${summary(load.map((c) => c.answeredAt - c.sentAt))}`);
    console.log(
      `   API answer → tile changed:    ${summary(load.map((c, i) => (shown[i] as number) - c.answeredAt))}`,
    );
    console.log(
      `   request sent → tile changed:  ${summary(load.map((c, i) => (shown[i] as number) - c.sentAt))}`,
    );
    console.log(
      `   changes never seen on their tile (a later change overtook, or missed): ${notShown}; ` +
        `all tiles in their saved status ${Number.isFinite(settled) ? `${fmt(settled - to)} ms after the last answer` : 'NOT within 30 s'}`,
    );
    console.log(
      `   long tasks: ${tasks.length}, total ${fmt(tasks.reduce((s, t) => s + t.duration, 0))} ms, ` +
        `longest ${fmt(Math.max(0, ...tasks.map((t) => t.duration)))} ms`,
    );
    console.log(
      `   frames over the ${fmt((to - from) / 1000, 1)} s until the last answer: ${fmt(frames.length / ((to - from) / 1000), 1)} a second ` +
        `(worst second ${Math.min(...perSecond)}), ` +
        `gaps over 50 ms ${gaps}, longest ${fmt(longestGap)} ms`,
    );
    console.log(
      `   dashboard/get requests during the run: ${dashboardCalls.length - callsBefore}; server CPU ` +
        `${fmt((serverCpu / ((to - from) / 1000)) * 100)} % of one core; load average ${fmt(os.loadavg()[0] ?? 0, 1)}`,
    );
    await pool.end();
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    await dropDatabase(ADMIN_URL, dbName);
  }
}

await main();
