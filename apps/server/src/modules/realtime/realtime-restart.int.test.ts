import { randomBytes } from 'node:crypto';
import type { RealtimeEvent, ResumeAnswer } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestInstance,
  type TestContext,
  type TestInstance,
} from '../../../test/helpers';
import { grantAccess } from '../../../test/locations';
import { signedIn } from '../../../test/people';
import { listenOnLoopback, openClient } from '../../../test/realtime';

/*
 * Issue 11: a server restart loses nothing. Clients of one instance see it close (as a deploy or a crash
 * recovery would) and a new instance start on the same port and database; meanwhile another instance
 * (`ctx.app`, not listening) keeps saving changes. The clients reconnect as the web client does
 * (lib/realtime/realtime-client.ts: on any disconnect but their own, connect again) and `resume` from the
 * last `seq` they applied: every change they missed arrives once, in order, and an operator's resume holds
 * nothing of a facility not granted.
 */

const env = { PUBLIC_URL: 'https://drift.example.no', SECRET_KEY: randomBytes(32).toString('hex') };

let ctx: TestContext;
const sockets: Socket[] = [];

/** A client that reconnects after every drop it did not ask for and resumes from the last seq it applied. */
interface Client {
  socket: Socket;
  /** Everything applied, live and resumed, in the order it arrived. */
  applied: RealtimeEvent[];
  /** Each `resume` answer after a reconnect. */
  resumes: ResumeAnswer[];
  disconnects: string[];
  connects: number;
  lastSeq: number | null;
}

function connectClient(url: string, token: string): Promise<Client> {
  // As the web client: reconnection by hand. A closing instance disconnects its sockets ('io server
  // disconnect'), after which socket.io-client's own reconnection would not try again.
  const socket = openClient(url, token);
  sockets.push(socket);
  const client: Client = { socket, applied: [], resumes: [], disconnects: [], connects: 0, lastSeq: null };
  const apply = (event: RealtimeEvent) => {
    client.applied.push(event);
    client.lastSeq = Math.max(client.lastSeq ?? 0, event.seq);
  };
  const retry = () => setTimeout(() => socket.connect(), 50);
  socket.on('event', apply);
  socket.on('disconnect', (reason) => {
    client.disconnects.push(reason);
    if (reason !== 'io client disconnect') retry();
  });
  return new Promise((resolve, reject) => {
    socket.on('connect_error', (err) => {
      if (client.connects === 0) reject(err);
      else retry();
    });
    socket.on('connect', () => {
      client.connects += 1;
      if (client.connects === 1) return resolve(client);
      if (client.lastSeq === null) return;
      socket
        .timeout(5000)
        .emitWithAck('resume', { since: client.lastSeq })
        .then((answer: ResumeAnswer) => {
          client.resumes.push(answer);
          if ('events' in answer) for (const event of answer.events) apply(event);
        })
        .catch((err: unknown) => client.resumes.push({ refetch: true, err } as ResumeAnswer));
    });
  });
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`ventet for lenge: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A facility renamed through `app`, journalled and sent before the next change: seqs follow the calls. */
async function rename(app: FastifyInstance, token: string, id: string, name: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/v1/backend/locations/update',
    headers: { authorization: `Bearer ${token}` },
    payload: { id, name },
  });
  expect(res.statusCode, res.body).toBe(200);
  await app.bus.drain();
  await app.realtime.flushed();
}

/** The renames a client applied, as `name` in the order applied. */
const renames = (client: Client, locationIds: string[]) =>
  client.applied
    .filter((e) => e.type === 'location.updated' && locationIds.includes(e.locationId ?? ''))
    .map((e) => String(e.payload.name));

beforeAll(async () => {
  ctx = await createTestApp(env);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

describe('a server restart: clients reconnect and resume', () => {
  it('loses nothing: clients reconnect to the new instance on the same port and resume every change they missed, once and in order; an operator gets nothing of an ungranted facility', async () => {
    const admin = await signedIn(ctx, 'admin');
    const operator = await signedIn(ctx, 'operator');
    const granted = await createLocationAs(admin.token, 'Vask Tilgang');
    const hidden = await createLocationAs(admin.token, 'Vask Skjult');
    await grantAccess(ctx, operator.user.id, granted);

    const first: TestInstance = await createTestInstance(ctx, env);
    const url = await listenOnLoopback(first.app);
    const port = Number(new URL(url).port);
    const adminClient = await connectClient(url, admin.token);
    const operatorClient = await connectClient(url, operator.token);

    // Made in this order, alternating between the facilities; the operator may see only `granted`'s.
    const made: { locationId: string; name: string }[] = [];
    const change = async (app: FastifyInstance, locationId: string) => {
      const name = `${locationId === granted ? 'Tilgang' : 'Skjult'} ${made.length}`;
      made.push({ locationId, name });
      await rename(app, admin.token, locationId, name);
    };
    const names = (only?: string) =>
      made.filter((m) => only === undefined || m.locationId === only).map((m) => m.name);

    // Before: live on the first instance.
    for (const locationId of [granted, hidden, granted]) await change(first.app, locationId);
    await until(() => renames(adminClient, [granted, hidden]).length === 3, 'live før omstart');
    await until(() => renames(operatorClient, [granted]).length === 2, 'operatør live før omstart');

    // The instance stops; changes go on through the other one while nobody is listening on the port.
    const stopped = performance.now();
    await first.app.close();
    await until(
      () => adminClient.disconnects.length === 1 && operatorClient.disconnects.length === 1,
      'frakoblet',
    );
    const whileDown = made.length;
    for (const locationId of [hidden, granted, granted, hidden, granted]) await change(ctx.app, locationId);
    expect(adminClient.socket.connected).toBe(false);

    // A new instance on the same port and database: the clients come back and resume.
    const second = await createTestInstance(ctx, env);
    expect(await listenOnLoopback(second.app, port)).toBe(url);
    await until(() => adminClient.resumes.length === 1 && operatorClient.resumes.length === 1, 'resume');
    console.info(
      `instance closed (${adminClient.disconnects[0]}) → both clients resumed on the new one: ${(performance.now() - stopped).toFixed(0)} ms`,
    );
    expect([adminClient.connects, operatorClient.connects]).toEqual([2, 2]);
    const missed = made.slice(whileDown);
    for (const [client, only] of [
      [adminClient, undefined],
      [operatorClient, granted],
    ] as const) {
      const answer = client.resumes[0] as ResumeAnswer;
      if (!('events' in answer)) throw new Error(`ventet hendelser, fikk ${JSON.stringify(answer)}`);
      expect(answer.events.filter((e) => e.type === 'location.updated').map((e) => e.payload.name)).toEqual(
        missed.filter((m) => only === undefined || m.locationId === only).map((m) => m.name),
      );
    }

    // After: live again, from the new instance and from the other one.
    await change(second.app, granted);
    await change(ctx.app, hidden);
    await change(ctx.app, granted);
    await until(() => renames(adminClient, [granted, hidden]).length === made.length, 'live etter omstart');
    await until(
      () => renames(operatorClient, [granted]).length === names(granted).length,
      'operatør live etter omstart',
    );

    // Every change once, in the order made, with rising seqs; nothing applied twice.
    expect(renames(adminClient, [granted, hidden])).toEqual(names());
    expect(renames(operatorClient, [granted])).toEqual(names(granted));
    for (const client of [adminClient, operatorClient]) {
      const seqs = client.applied.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    const { rows } = await ctx.database.pool.query<{ seq: string }>(
      `select seq from realtime_events where type = 'location.updated' and location_id = any($1) order by seq`,
      [[granted, hidden]],
    );
    expect(adminClient.applied.filter((e) => e.type === 'location.updated').map((e) => e.seq)).toEqual(
      rows.map((r) => Number(r.seq)),
    );

    // The operator never heard of the hidden facility: not live, not on resume.
    expect(operatorClient.applied.filter((e) => e.locationId === hidden)).toEqual([]);
    expect(JSON.stringify([operatorClient.applied, operatorClient.resumes])).not.toContain(hidden);
  });
});

describe('a server restart: a change in flight, and resume across instances', () => {
  it('journals a change still in flight when the instance starts closing, answers it 200 on a connection it then ends, and finishes closing', async () => {
    const admin = await signedIn(ctx, 'admin');
    const id = await createLocationAs(admin.token, 'Vask Avslutning');
    const first = await createTestInstance(ctx, env);
    const url = await listenOnLoopback(first.app);
    const client = await connectClient(url, admin.token);

    // A row lock held here keeps the rename waiting inside its transaction on the closing instance.
    const blocker = await ctx.database.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from locations where id = $1 for update', [id]);
      const renamed = fetch(`${url}/api/v1/backend/locations/update`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: 'Omdøpt under avslutning' }),
      });
      const waiting = async () =>
        (
          await ctx.database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query like 'update "locations"%'`,
          )
        ).rows[0]?.n === 1;
      const deadline = Date.now() + 10_000;
      while (!(await waiting())) {
        if (Date.now() > deadline) throw new Error('ventet for lenge: endringen venter på låsen');
        await new Promise((r) => setTimeout(r, 10));
      }

      // The instance closes: its sockets end (preClose) and it takes no new request.
      const closed = first.app.close();
      await until(() => client.disconnects.length === 1, 'frakoblet');
      client.socket.disconnect();
      const late = await fetch(`${url}/api/v1/misc/live`).then(
        (res) => res.status,
        () => 'avvist',
      );
      expect(late).not.toBe(200);

      await blocker.query('commit');
      const answer = await renamed;
      expect(answer.status, await answer.text()).toBe(200);
      // Its connection ends with the answer (plugins/close-connections.ts): kept alive, the close would
      // wait for the client to let it go.
      expect(answer.headers.get('connection')).toBe('close');
      await closed;
    } finally {
      blocker.release();
    }
    const { rows } = await ctx.database.pool.query<{ name: string }>(
      `select payload->>'name' as name from realtime_events where type = 'location.updated' and location_id = $1`,
      [id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Omdøpt under avslutning']);
  });

  it("answers an operator's resume with nothing of a facility granted to someone else, across instances", async () => {
    const admin = await signedIn(ctx, 'admin');
    const operator = await signedIn(ctx, 'operator');
    const mine = await createLocationAs(admin.token, 'Vask Min');
    const other = await createLocationAs(admin.token, 'Vask Annen');
    await grantAccess(ctx, operator.user.id, mine);
    const colleague = await signedIn(ctx, 'operator');
    await grantAccess(ctx, colleague.user.id, other);
    await ctx.app.bus.drain();
    await ctx.app.realtime.flushed();
    const { rows } = await ctx.database.pool.query<{ seq: string }>(
      'select max(seq) as seq from realtime_events',
    );
    const since = Number(rows[0]?.seq);

    for (const [i, id] of [other, mine, other].entries())
      await rename(ctx.app, admin.token, id, `Omdøpt ${i}`);

    const instance = await createTestInstance(ctx, env);
    const client = await connectClient(await listenOnLoopback(instance.app), operator.token);
    const answer = (await client.socket.timeout(5000).emitWithAck('resume', { since })) as ResumeAnswer;
    if (!('events' in answer)) throw new Error('ventet hendelser');
    expect(answer.events.map((e) => [e.type, e.locationId, e.payload.name])).toEqual([
      ['location.updated', mine, 'Omdøpt 1'],
    ]);
  });
});

/** A facility created through `ctx.app` by the admin with `token`. */
async function createLocationAs(token: string, name: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/backend/locations/create',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, address: 'Storgata 1', postalCode: '0155', city: 'Oslo' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
