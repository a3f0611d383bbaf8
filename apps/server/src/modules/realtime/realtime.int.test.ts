import { REALTIME_PATH, type RealtimeEvent, type ResumeAnswer } from '@vaskedrift/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation } from '../../../test/locations';
import { type SignedIn, signedIn } from '../../../test/people';
import { connected, openClient, twoListeningInstances, waitUntil } from '../../../test/realtime';

let ctx: TestContext;
let admin: ApiClient;
let urlA: string;
let urlB: string;
const sockets: Socket[] = [];

/** A connected client collecting every `event`; rejects with the server's message when refused. */
async function connect(url: string, token: string, extraHeaders: Record<string, string> = {}) {
  const socket = openClient(url, token, extraHeaders);
  sockets.push(socket);
  const events: RealtimeEvent[] = [];
  const signedOut: unknown[] = [];
  socket.on('event', (event: RealtimeEvent) => events.push(event));
  socket.on('signed_out', (body: unknown) => signedOut.push(body));
  await connected(socket);
  return { socket, events, signedOut };
}

const resume = (socket: Socket, since: number) =>
  socket.timeout(5000).emitWithAck('resume', { since }) as Promise<ResumeAnswer>;

beforeAll(async () => {
  ({ ctx, urlA, urlB } = await twoListeningInstances({ PUBLIC_URL: 'https://drift.example.no' }));
  admin = await caller(ctx, 'admin');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

describe('the live channel: delivery between instances', () => {
  it('sends an event saved on instance A to a client on instance B, with its seq', async () => {
    const { token } = await signedIn(ctx, 'admin');
    const client = await connect(urlB, token);
    const started = performance.now();
    const locationId = await createLocation(admin);
    await waitUntil(() =>
      client.events.some((e) => e.type === 'location.created' && e.locationId === locationId),
    );
    const took = performance.now() - started;
    const event = client.events.find((e) => e.type === 'location.created') as RealtimeEvent;
    expect(event.seq).toBeGreaterThan(0);
    expect(event.payload).toMatchObject({ locationId });
    expect(event.payload).not.toHaveProperty('ip');
    expect(took).toBeGreaterThan(0);
    console.info(`create → event on another instance: ${took.toFixed(0)} ms`);
  });

  it('delivers a burst of changes from instance A to a client on instance B in seq order', async () => {
    const { token } = await signedIn(ctx, 'admin');
    const client = await connect(urlB, token);
    const locationId = await createLocation(admin);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.patch('backend/locations/update', { id: locationId, name: `Burst ${i}` }),
      ),
    );
    const mine = () =>
      client.events.filter((e) => e.locationId === locationId && e.type === 'location.updated');
    await waitUntil(() => mine().length === 30);
    const seqs = client.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  it('speaks WebSocket only: a long-polling handshake, which would need sticky sessions, is refused', async () => {
    const res = await fetch(`${urlA}${REALTIME_PATH}?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    const { token } = await signedIn(ctx, 'admin');
    const client = await connect(urlB, token);
    expect(client.socket.io.engine.transport.name).toBe('websocket');
  });
});

describe('the live channel: who may listen, and for how long', () => {
  it('refuses a missing token and a foreign Origin with a Norwegian message', async () => {
    await expect(connect(urlA, 'ikke-et-token')).rejects.toThrow('Ugyldig eller utløpt innlogging');
    const { token } = await signedIn(ctx, 'admin');
    await expect(connect(urlA, token, { origin: 'https://angriper.example.com' })).rejects.toThrow();
    const same = await connect(urlA, token, { origin: urlA });
    expect(same.socket.connected).toBe(true);
    const pub = await connect(urlA, token, { origin: 'https://drift.example.no' });
    expect(pub.socket.connected).toBe(true);
  });

  it("gives an operator nothing of an ungranted facility, then that facility's events once granted", async () => {
    const operator = await signedIn(ctx, 'operator');
    const client = await connect(urlB, operator.token);
    const hidden = await createLocation(admin);
    await createBay(admin, hidden);
    const grant = await admin.post('backend/users/access/create', {
      userId: operator.user.id,
      locationId: hidden,
    });
    expect(grant.statusCode).toBe(200);
    await waitUntil(() => client.events.some((e) => e.type === 'access.granted'));
    await createBay(admin, hidden, { name: 'Hall 2' });
    await waitUntil(() => client.events.some((e) => e.type === 'bay.created'));
    // Nothing arrived before the grant; the bay created after it did, on the same socket.
    expect(client.events[0]?.type).toBe('access.granted');
    expect(client.events.filter((e) => e.type === 'bay.created').map((e) => e.payload.name)).toEqual([
      'Hall 2',
    ]);
    expect(client.socket.connected).toBe(true);

    const revoke = await admin.del('backend/users/access/delete', {
      userId: operator.user.id,
      locationId: hidden,
    });
    expect(revoke.statusCode).toBe(200);
    await waitUntil(() => client.events.some((e) => e.type === 'access.revoked'));
    await createBay(admin, hidden, { name: 'Hall 3' });
    // A later event the operator does get: Hall 3's, sent before it in seq order, would have come first.
    const seen = await createLocation(admin);
    const second = await admin.post('backend/users/access/create', {
      userId: operator.user.id,
      locationId: seen,
    });
    expect(second.statusCode).toBe(200);
    await waitUntil(() => client.events.filter((e) => e.type === 'access.granted').length === 2);
    expect(client.events.filter((e) => e.type === 'bay.created')).toHaveLength(1);
  });

  it('disconnects a socket whose session was signed out everywhere, and a disabled user', async () => {
    const signedOutUser: SignedIn = await signedIn(ctx, 'user');
    const a = await connect(urlA, signedOutUser.token);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=global',
      headers: { authorization: `Bearer ${signedOutUser.token}` },
    });
    expect(out.statusCode).toBe(204);
    const started = performance.now();
    await waitUntil(() => !a.socket.connected, 8000);
    console.info(`signed out → socket closed: ${(performance.now() - started).toFixed(0)} ms`);
    expect(a.signedOut).toEqual([{ message: 'Du er logget ut. Logg inn på nytt.' }]);

    const disabledUser = await signedIn(ctx, 'operator');
    const b = await connect(urlB, disabledUser.token);
    const res = await admin.patch('backend/users/update', { id: disabledUser.user.id, disabled: true });
    expect(res.statusCode).toBe(200);
    await waitUntil(() => !b.socket.connected, 8000);
    expect(b.signedOut.length).toBeGreaterThan(0);
  });

  it('closes a socket whose session ended without a sign-out at the next session check', async () => {
    const user = await signedIn(ctx, 'operator');
    const client = await connect(urlB, user.token);
    await ctx.database.pool.query('delete from auth_sessions where user_id = $1', [user.user.id]);
    const started = performance.now();
    await waitUntil(() => !client.socket.connected, 8000);
    console.info(`session deleted → socket closed: ${(performance.now() - started).toFixed(0)} ms`);
    expect(client.signedOut).toEqual([{ message: 'Du er logget ut. Logg inn på nytt.' }]);
  });

  it('re-verifies a refreshed token sent with `auth`', async () => {
    const user = await signedIn(ctx, 'user');
    const client = await connect(urlA, user.token);
    expect(await client.socket.timeout(5000).emitWithAck('auth', { token: user.token })).toEqual({
      ok: true,
    });
    expect(await client.socket.timeout(5000).emitWithAck('auth', { token: 'feil' })).toEqual({
      ok: false,
      message: 'Ugyldig eller utløpt innlogging. Logg inn på nytt.',
    });
  });
});

describe('the live channel: resuming after being away', () => {
  it('hands a client that was away all 50 changes in order on resume, and refetch when too far back', async () => {
    const { token } = await signedIn(ctx, 'admin');
    const first = await connect(urlA, token);
    const locationId = await createLocation(admin);
    await waitUntil(() =>
      first.events.some((e) => e.type === 'location.created' && e.locationId === locationId),
    );
    const last = Math.max(...first.events.map((e) => e.seq));
    first.socket.disconnect();

    for (let i = 0; i < 50; i += 1) {
      const res = await admin.patch('backend/locations/update', { id: locationId, name: `Vask nr ${i}` });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.bus.drain();
    await ctx.app.realtime.flushed();

    const again = await connect(urlB, token);
    const answer = await resume(again.socket, last);
    if (!('events' in answer)) throw new Error('ventet hendelser');
    const updates = answer.events.filter((e) => e.type === 'location.updated' && e.locationId === locationId);
    expect(updates.map((e) => e.payload.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Vask nr ${i}`));
    const seqs = answer.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));

    await ctx.database.pool.query('delete from realtime_events where seq <= $1', [last + 10]);
    expect(await resume(again.socket, last)).toEqual({ refetch: true });
  });

  it('sends an operator nothing on resume of a facility not granted', async () => {
    const operator = await signedIn(ctx, 'operator');
    const client = await connect(urlA, operator.token);
    const hidden = await createLocation(admin);
    await createBay(admin, hidden);
    await ctx.app.bus.drain();
    await ctx.app.realtime.flushed();
    const { rows } = await ctx.database.pool.query<{ seq: string }>(
      'select max(seq) - 3 as seq from realtime_events',
    );
    const answer = await resume(client.socket, Number(rows[0]?.seq));
    expect(answer).toEqual({ events: [] });
    expect(client.events).toEqual([]);
  });
});
