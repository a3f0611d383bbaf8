/// <reference lib="dom" />
/**
 * The technician's phone on a slow network (issue 28, decision 040): the built server (`npm run build`
 * first) with the demo (`DEMO=true`: six facilities of four bays, a user of each role) on a scratch
 * database, headless Chromium as a phone (390×844, `isMobile`, `hasTouch`, device scale 3) with
 * Lighthouse's mobile throttling through the DevTools protocol: 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up (`Network.emulateNetworkConditions`, on the page and on the service worker), CPU 4× slower
 * (`Emulation.setCPUThrottlingRate`). Each run a new context (cold cache, no service worker yet):
 *   navigation to `/sign-in` → the form usable (the e-mail field visible and enabled) → filled in at once
 *   and 'Fortsett' pressed → the first bay tile (`[data-bay]`) in the DOM (a MutationObserver, wall clock).
 * The figure of the issue is navigation → first tile (form filled in without delay); printed beside it:
 * navigation → form usable, press → first tile, press → every tile of the user. Median of RUNS, and the
 * last run's network log (start and end of each request from navigation, bytes as sent), the worker's
 * requests included.
 *
 *   npm run build
 *   node --import tsx bench/phone.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
 * made there and dropped), RUNS (3), USERS (`tekniker,driftsleder`: demo users by the part of their
 * e-mail before @), CHROMIUM_PATH (e2e/helpers/chromium.ts), NO_THROTTLE=1 (the same without throttling), SHOTS
 * (a directory: the sign-in form and the dashboard saved there as PNGs, for a look; the times then include
 * taking them), PROFILE=1 (a CPU profile of the page through the DevTools protocol from navigation to the first
 * tile: the JavaScript's time in it, all and in the app's file `app-start`; the profiler slows the page, so
 * its wall-clock figures are not the plain run's; PROFILE_OUT=<dir> saves each run's profile there, for
 * DevTools' Performance panel), TRACE=1 (the browser's trace of the page: its main thread's own time by kind of
 * work — style, layout, compiling, running scripts — each second from navigation and after pressing, see
 * phone-trace.ts; the trace slows the page too), WEB_DIST (a build of the web app elsewhere than
 * apps/web/dist, as the server reads it: `vite build --outDir <dir>` for a before/after pair).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { hashPassword } from '../apps/server/src/lib/password';
import { DEMO_USERS } from '../apps/server/src/modules/demo/index';
import { assertBuilt, freePort, launchChromium, percentile, startServer, stopServer } from './bench-server';
import { printMainThread, startTrace } from './phone-trace';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.RUNS ?? 3);
const USERS = (process.env.USERS ?? 'tekniker,driftsleder').split(',');
const THROTTLE = process.env.NO_THROTTLE !== '1';
const SHOTS = process.env.SHOTS;
const PROFILE = process.env.PROFILE === '1';
const TRACE = process.env.TRACE === '1';
const PASSWORD = 'phone-bench-passord';

/** Lighthouse's mobile profile ("slow 4G", Moto G class CPU), as the issue states it. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/**
 * The first bay tile and the moment each count of tiles is reached, on the wall clock, per document:
 * checked every frame (one query over a small page). A string: tsx would wrap a named function in the
 * bench's `__name` helper, which the page does not have.
 */
const RECORDER = `
  window.__tiles = [];
  requestAnimationFrame(function seen() {
    const count = document.querySelectorAll('[data-bay]').length;
    if (count > 0) {
      const now = performance.timeOrigin + performance.now();
      window.__firstTile ??= now;
      window.__tiles[count] ??= now;
    }
    requestAnimationFrame(seen);
  });
`;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Not JavaScript: the profiler's own nodes for idle time, the browser's work and the garbage collector. */
const NOT_JS = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Milliseconds of samples in JavaScript, all and in the app's file (the time to each next sample). */
function javascriptTime(profile: Profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  let all = 0;
  let app = 0;
  for (const [i, id] of profile.samples.entries()) {
    const frame = nodes.get(id);
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!frame || NOT_JS.has(frame.functionName)) continue;
    all += ms;
    if (frame.url.includes('/app-start-')) app += ms;
  }
  return { all, app };
}

type Logged = { url: string; start: number; end: number; bytes: number; worker: boolean };

/** The network and CPU of the page's target slowed down. */
async function throttle(session: CDPSession) {
  await session.send('Network.enable');
  if (!THROTTLE) return;
  await session.send('Network.emulateNetworkConditions', NETWORK);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

type NetworkEvent = {
  requestId: string;
  timestamp: number;
  wallTime?: number;
  request?: { url: string };
  encodedDataLength?: number;
};

/**
 * A recorder of one target's requests (its `Network.*` events): wall-clock start and end (ms), bytes as
 * received (headers included).
 */
function requestLog(log: Logged[], worker: boolean) {
  const open = new Map<string, Logged>();
  let offset: number | null = null; // wall ms − monotonic s × 1000
  return (method: string, event: NetworkEvent) => {
    if (method === 'Network.requestWillBeSent' && event.request && event.wallTime !== undefined) {
      offset ??= event.wallTime * 1000 - event.timestamp * 1000;
      const entry = {
        url: event.request.url,
        start: event.timestamp * 1000 + offset,
        end: 0,
        bytes: 0,
        worker,
      };
      open.set(event.requestId, entry);
      log.push(entry);
    }
    const entry = open.get(event.requestId);
    if (method === 'Network.loadingFinished' && entry && offset !== null) {
      entry.end = event.timestamp * 1000 + offset;
      entry.bytes = event.encodedDataLength ?? 0;
    }
  };
}

async function oneRun(browser: Browser, base: string, email: string, bays: number) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'nb-NO',
  });
  await context.addInitScript({ content: RECORDER });
  const log: Logged[] = [];
  // The worker installs after the sign-in page's `load` and downloads its precache over the same link.
  const browserSession = await browser.newBrowserCDPSession();
  let closing = false;
  context.on('serviceworker', () => {
    void (async () => {
      const { targetInfos } = await browserSession.send('Target.getTargets');
      const target = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith(base));
      if (!target) return;
      // A session of its own on the worker, through the browser session (not flattened).
      const { sessionId } = await browserSession.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      });
      const record = requestLog(log, true);
      browserSession.on('Target.receivedMessageFromTarget', (event) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { method?: string; params?: NetworkEvent };
        if (message.method && message.params) record(message.method, message.params);
      });
      let id = 0;
      const send = (method: string, params: object) =>
        browserSession.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: ++id, method, params }),
        });
      await send('Network.enable', {});
      if (THROTTLE) await send('Network.emulateNetworkConditions', NETWORK);
    })().catch((error) => {
      if (!closing) console.warn('worker not throttled:', error);
    });
  });
  const page: Page = await context.newPage();
  const session = await context.newCDPSession(page);
  const record = requestLog(log, false);
  for (const method of ['Network.requestWillBeSent', 'Network.loadingFinished'] as const)
    session.on(method, (event) => record(method, event as NetworkEvent));
  await throttle(session);
  const trace = TRACE ? await startTrace(session) : null;
  if (PROFILE) {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
  }

  const navigatedAt = Date.now();
  await page.goto(`${base}/sign-in`, { waitUntil: 'commit' });
  const emailField = page.getByLabel('E-post');
  await emailField.waitFor();
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>('input[type="email"], input[name="email"]');
    return input !== null && !input.disabled;
  });
  const formAt = Date.now();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-sign-in.png` });
  await emailField.fill(email);
  await page.getByLabel('Passord', { exact: true }).fill(PASSWORD);
  const pressedAt = Date.now();
  await page.getByRole('button', { name: 'Fortsett' }).click();
  const tiles = await page
    .waitForFunction(
      (count) => {
        const w = window as unknown as { __firstTile?: number; __tiles: number[] };
        const all = w.__tiles[count];
        return w.__firstTile !== undefined && all !== undefined ? { first: w.__firstTile, all } : false;
      },
      bays,
      { polling: 100, timeout: 120_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ first: number; all: number }>)
    .catch(async (error) => {
      if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
      const shown = await page.evaluate(() => [
        document.querySelectorAll('[data-bay]').length,
        JSON.stringify({
          first: (window as unknown as { __firstTile?: number }).__firstTile,
          tiles: (window as unknown as { __tiles: number[] }).__tiles,
        }),
      ]);
      throw new Error(`${shown} of ${bays} tiles at ${page.url()}`, { cause: error });
    });
  const profile = PROFILE ? ((await session.send('Profiler.stop')) as { profile: Profile }).profile : null;
  if (trace) {
    const signIn = log.find((entry) => entry.url.endsWith('/sign-in'));
    if (signIn) printMainThread(await trace(), signIn.start, pressedAt, tiles.first);
  }
  if (profile && process.env.PROFILE_OUT) {
    const file = `${process.env.PROFILE_OUT}/phone-${email.split('@')[0]}-${Date.now()}.cpuprofile`;
    writeFileSync(file, JSON.stringify({ ...profile, navigatedAt, tile: tiles.first }));
  }
  const js = profile ? javascriptTime(profile) : { all: 0, app: 0 };
  await page.waitForLoadState('networkidle');
  if (SHOTS) {
    // What loads once the first tile is drawn (menus, the filter, the live channel) in place as well.
    await page.waitForSelector('[data-realtime-state="connected"]', { timeout: 20_000 }).catch(() => {});
    await page.screenshot({ path: `${SHOTS}/phone-dashboard.png` });
  }
  // A worker that registers late may still be attaching: not waited for (the figures are in by now).
  closing = true;
  await browserSession.detach();
  await context.close();
  const pressed = afterPress(log, pressedAt, tiles.first);
  return {
    ...pressed,
    form: formAt - navigatedAt,
    firstTile: tiles.first - navigatedAt,
    pressToFirst: tiles.first - pressedAt,
    pressToAll: tiles.all - pressedAt,
    js,
    marks: { pressed: pressedAt - navigatedAt, firstTile: tiles.first - navigatedAt },
    log: log.map((entry) => ({ ...entry, start: entry.start - navigatedAt, end: entry.end - navigatedAt })),
  };
}

/** Sets a known password on the demo users (the demo prints random ones once) and counts each one's bays. */
async function prepareUsers(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update users set password_hash = $1 where email like $2', [
      await hashPassword(PASSWORD),
      '%@demo.vaskedrift.no',
    ]);
    const bays = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) from bays b join locations l on l.id = b.location_id
         where b.deleted_at is null and l.deleted_at is null and l.is_visible_in_dashboard
           and ($2 = 'admin' or l.id in (select location_id from user_location_access a
                                          join users u on u.id = a.user_id where u.email = $1))`,
        [user.email, user.role],
      );
      bays.set(user.email, Number(rows[0]?.count ?? 0));
    }
    return bays;
  } finally {
    await client.end();
  }
}

/**
 * What the way from pressing 'Fortsett' to the first tile asked of the network, which the machine's load does
 * not change: requests started in it, their bytes, and how many round trips ran in series (the longest chain
 * of requests each started after the one before it ended: an upper bound of the chain of dependencies).
 */
function afterPress(log: Logged[], pressed: number, firstTile: number) {
  const window = log.filter((entry) => entry.start >= pressed && entry.start < firstTile && entry.end > 0);
  window.sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (const [i, entry] of window.entries()) {
    let before = 0;
    for (let j = 0; j < i; j++) {
      const earlier = window[j] as Logged;
      if (earlier.end <= entry.start) before = Math.max(before, depth[j] ?? 0);
    }
    depth.push(before + 1);
  }
  return {
    requests: window.length,
    kib: window.reduce((sum, entry) => sum + entry.bytes, 0) / 1024,
    inSeries: Math.max(0, ...depth),
  };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => `${n.toFixed(0)} ms`;

// WEB_DIST (the server's own option): a build of the web app other than apps/web/dist (a before/after pair).
if (process.env.WEB_DIST) {
  if (!existsSync(path.join(process.env.WEB_DIST, 'index.html')))
    throw new Error(`no index.html in WEB_DIST`);
} else assertBuilt();
const dbName = `vd_bench_phone_${randomBytes(4).toString('hex')}`;
await ensureDatabase(ADMIN_URL, dbName);
const databaseUrl = withDatabase(ADMIN_URL, dbName);
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  process.env.DEMO = 'true';
  const started = await startServer({
    databaseUrl,
    port: await freePort(),
    secretKey: randomBytes(32).toString('hex'),
    startSeconds: 300,
  });
  server = started.child;
  const bays = await prepareUsers(databaseUrl);
  browser = await launchChromium();
  console.log(
    THROTTLE
      ? `Phone 390×844 (isMobile, touch, scale 3), ${NETWORK.latency} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}× slower; cold cache; ${RUNS} runs`
      : `Phone 390×844, no throttling; cold cache; ${RUNS} runs`,
  );
  for (const name of USERS) {
    const user = DEMO_USERS.find((candidate) => candidate.email.startsWith(`${name}@`));
    if (!user) throw new Error(`ingen demobruker ${name}`);
    const count = bays.get(user.email) ?? 0;
    const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, started.base, user.email, count));
    const row = (label: string, pick: (run: (typeof runs)[number]) => number) =>
      console.log(
        `  ${label.padEnd(40)} ${ms(median(runs.map(pick))).padStart(8)}  (${runs.map((r) => pick(r).toFixed(0)).join(' / ')})`,
      );
    console.log(`\n${user.email} (${user.role}, ${count} bays), median (runs):`);
    row('navigation → form usable', (r) => r.form);
    row('navigation → first tile (the figure)', (r) => r.firstTile);
    row("'Fortsett' pressed → first tile", (r) => r.pressToFirst);
    row("'Fortsett' pressed → all tiles", (r) => r.pressToAll);
    const tally = (label: string, pick: (run: (typeof runs)[number]) => number, digits = 0) =>
      console.log(
        `  ${label.padEnd(40)} ${median(runs.map(pick)).toFixed(digits).padStart(8)}  (${runs.map((r) => pick(r).toFixed(digits)).join(' / ')})`,
      );
    tally('pressed → first tile: requests', (r) => r.requests);
    tally('pressed → first tile: KiB received', (r) => r.kib, 1);
    tally('pressed → first tile: round trips in series', (r) => r.inSeries);
    if (PROFILE) {
      tally('navigation → first tile: JavaScript ms', (r) => r.js.all);
      tally("  of which in the app's file (app-start)", (r) => r.js.app);
    }
    const last = runs.at(-1);
    if (!last) continue;
    console.log(
      `  last run's network log, ms from navigation (pressed at ${ms(last.marks.pressed)}, first tile at ${ms(last.marks.firstTile)}):`,
    );
    for (const entry of last.log.sort((a, b) => a.start - b.start)) {
      const url = new URL(entry.url);
      const file = url.pathname.replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '.$1');
      console.log(
        `    ${entry.start.toFixed(0).padStart(6)} → ${(entry.end > 0 ? entry.end.toFixed(0) : '…').padStart(6)}  ${(entry.bytes / 1024).toFixed(1).padStart(7)} KiB  ${entry.worker ? '[sw] ' : ''}${file}${url.search.length > 0 && !file.endsWith('.js') ? url.search.slice(0, 30) : ''}`,
      );
    }
  }
} finally {
  await browser?.close();
  if (server) await stopServer(server);
  await dropDatabase(ADMIN_URL, dbName);
}
