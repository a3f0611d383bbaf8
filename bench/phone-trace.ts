/// <reference lib="dom" />
/**
 * `bench/phone.ts` with TRACE=1: the browser's own trace of the page (style, layout, compiling, running
 * scripts…), its main thread's time by kind of work from navigation to the first tile.
 */
import type { CDPSession } from '@playwright/test';

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: unknown;
};

/** The browser's trace of the page (its own kinds of work: style, layout, compiling, running scripts…). */
export async function startTrace(session: CDPSession) {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'loading',
        'blink',
      ],
    },
  });
  return async () => {
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await complete;
    return events;
  };
}

/**
 * TRACE=1: the page's main thread from navigation to the first tile by kind of work, its own time (an event's
 * time less its children's), before and after pressing 'Fortsett' (wall clock from the trace's clock sync).
 */
export function printMainThread(
  events: TraceEvent[],
  signInSent: number,
  pressedAt: number,
  firstTile: number,
) {
  // The page's request for the sign-in page, in the trace (monotonic µs); `signInSent` is its wall-clock ms.
  const sent = events.find(
    (e) =>
      e.name === 'ResourceSendRequest' &&
      (e.args as { data?: { url?: string } })?.data?.url?.endsWith('/sign-in'),
  );
  // The page's main thread: the renderer's thread that ran its module scripts.
  const thread = events.find((e) => e.name === 'v8.evaluateModule');
  if (!sent || !thread) return console.log('  trace: the sign-in request or the page thread not found');
  const at = (wall: number) => sent.ts + (wall - signInSent) * 1000;
  const pressed = at(pressedAt);
  const tile = at(firstTile);
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  // Columns: each second from navigation until pressing, then pressing → the first tile.
  const edges = [
    ...Array.from({ length: Math.ceil((pressedAt - signInSent) / 1000) }, (_, i) => sent.ts + i * 1e6),
    pressed,
  ];
  const column = (ts: number) =>
    ts >= pressed ? edges.length - 1 : edges.findLastIndex((edge) => edge <= ts);
  const spans = events
    .filter(
      (e) =>
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ph === 'X' &&
        e.dur &&
        e.ts >= sent.ts &&
        e.ts < tile,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const own = new Map<string, number[]>();
  const stack: { event: TraceEvent; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && end((stack.at(-1) as { event: TraceEvent }).event) <= until) {
      const { event, children } = stack.pop() as { event: TraceEvent; children: number };
      const row = own.get(event.name) ?? edges.map(() => 0);
      const at = column(event.ts);
      row[at] = (row[at] ?? 0) + ((event.dur ?? 0) - children) / 1000;
      own.set(event.name, row);
      const parent = stack.at(-1);
      if (parent) parent.children += event.dur ?? 0;
    }
  };
  for (const event of spans) {
    close(event.ts);
    stack.push({ event, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const sum = (row: number[]) => row.reduce((a, b) => a + b, 0);
  const cells = (row: number[]) => row.map((ms) => ms.toFixed(0).padStart(6)).join(' ');
  const heads = edges
    .map((_, i) => (i === edges.length - 1 ? 'press→' : `${i}–${i + 1} s`).padStart(6))
    .join(' ');
  console.log(`  main thread by kind (own ms; the trace slows the page), from navigation: ${heads}`);
  const all = edges.map((_, i) => sum([...own.values()].map((row) => row[i] as number)));
  console.log(`    ${'all'.padEnd(44)} ${cells(all)}`);
  for (const [name, row] of [...own].sort((a, b) => sum(b[1]) - sum(a[1])).slice(0, 24))
    console.log(`    ${name.slice(0, 44).padEnd(44)} ${cells(row)}`);
}
