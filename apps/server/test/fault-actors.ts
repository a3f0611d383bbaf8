import { setTimeout as sleep } from 'node:timers/promises';
import {
  REALTIME_CLIENT,
  REALTIME_PATH,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_SERVER,
  type RealtimeEvent,
  type ResumeAnswer,
} from '@vaskedrift/shared';
import { SMTPServer } from 'smtp-server';
import { io, type Socket } from 'socket.io-client';
import type { ServerProcess } from './server-process';
import { type CaughtMail, parseMessage } from './smtp';

/*
 * The world around the servers of the database fault suite (fault-rig.ts): users sending requests with a
 * deadline, browsers on the live channel that reconnect and resume as the web client does, and an SMTP
 * server that can hold its answer.
 */

export const ADMIN = { email: 'sjef@example.com', password: 'sjefens-passord' };
const REQUEST_TIMEOUT_MS = 15_000;

/** Polls `probe` until it answers something other than undefined/false; a probe that throws counts as no. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`ventet for lenge (${timeoutMs} ms): ${what}`, { cause: last });
    await sleep(everyMs);
  }
}

export type Answer = { status: number; code?: string; body: unknown; ms: number };

/** One HTTP request with a deadline: status `0` means no answer (refused, reset, or the deadline passed). */
export async function request(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<Answer & { timedOut: boolean }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const code = (parsed as { code?: unknown } | null)?.code;
    return {
      status: res.status,
      ...(typeof code === 'string' ? { code } : {}),
      body: parsed,
      ms: performance.now() - started,
      timedOut: false,
    };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return { status: 0, body: String(err), ms: performance.now() - started, timedOut };
  }
}

export async function signIn(base: string): Promise<string> {
  const res = await request(`${base}/auth/v1/token?grant_type=password`, 'POST', ADMIN);
  if (res.status !== 200) throw new Error(`innlogging: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { access_token: string }).access_token;
}

/** An SMTP server that keeps what it accepts and, when asked, holds its answer to the next message. */
export type HoldingSmtp = {
  url: string;
  messages: CaughtMail[];
  /** The next message is not answered until `release()`; `arrived` resolves when it is there. */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
};

export async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const messages: CaughtMail[] = [];
  let hold: { arrived(): void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const held = hold;
        hold = null;
        if (held) {
          held.arrived();
          await held.released;
        }
        // Kept once answered: a message the sender never heard accepted is one it may send again.
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const net = server.listen(0, '127.0.0.1', () => {
      const address = net.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    holdNext() {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let arrived = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      hold = { arrived, released };
      return { arrived: arrival, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A live-channel client as the web client (apps/web/src/lib/realtime): it reconnects on 1, 2, 5, then 10 s
 * after any drop it did not ask for, and resumes from the highest `seq` it applied; the first connect
 * resumes from `since`, so everything journalled after that must reach it.
 */
export type LiveClient = {
  name: string;
  socket: Socket;
  since: number;
  applied: Set<number>;
  /** Events that arrived again after being applied (dropped by the client, as the web client does). */
  repeats: number;
  connects: number;
  disconnects: string[];
  refetches: number;
  close(): void;
};

export function connectLiveClient(name: string, url: string, token: () => string, since: number): LiveClient {
  const socket = io(url, {
    path: REALTIME_PATH,
    auth: (cb) => cb({ token: token() }),
    transports: ['websocket'],
    reconnection: false,
  });
  const client: LiveClient = {
    name,
    socket,
    since,
    applied: new Set(),
    repeats: 0,
    connects: 0,
    disconnects: [],
    refetches: 0,
    close() {
      stopped = true;
      socket.close();
    },
  };
  let attempt = 0;
  let lastSeq = since;
  let stopped = false;
  const apply = (event: RealtimeEvent) => {
    if (event.seq <= since) return;
    if (client.applied.has(event.seq)) client.repeats++;
    client.applied.add(event.seq);
    lastSeq = Math.max(lastSeq, event.seq);
  };
  const retry = () => {
    if (stopped) return;
    const delay = REALTIME_RECONNECT_DELAYS_MS[Math.min(attempt++, REALTIME_RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => !stopped && socket.connect(), delay);
  };
  socket.on(REALTIME_SERVER.event, apply);
  socket.on('connect', () => {
    client.connects++;
    attempt = 0;
    socket
      .timeout(10_000)
      .emitWithAck(REALTIME_CLIENT.resume, { since: lastSeq })
      .then((answer: ResumeAnswer) => {
        if ('events' in answer) for (const event of answer.events) apply(event);
        else client.refetches++;
      })
      .catch(() => client.refetches++);
  });
  socket.on('connect_error', retry);
  socket.on('disconnect', (reason) => {
    client.disconnects.push(reason);
    if (reason !== 'io client disconnect') retry();
  });
  return client;
}

/** One answer of the steady change loop: a facility renamed through one server. */
type LoopAnswer = {
  server: number;
  at: number;
  ms: number;
  status: number;
  timedOut: boolean;
  name: string;
};

/** Renames a facility through each server, one request after another with `pauseMs` between: what users do. */
export function startChangeLoop(
  servers: ServerProcess[],
  token: () => string,
  locationId: string,
  pauseMs = 200,
) {
  const answers: LoopAnswer[] = [];
  let running = true;
  let counter = 0;
  const loops = servers.map(async (server, index) => {
    while (running) {
      const name = `Endring ${index + 1} ${++counter}`;
      const at = Date.now();
      const res = await request(
        `${server.url}/api/v1/backend/locations/update`,
        'PATCH',
        { id: locationId, name },
        token(),
      );
      answers.push({ server: index, at, ms: res.ms, status: res.status, timedOut: res.timedOut, name });
      await sleep(pauseMs);
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
