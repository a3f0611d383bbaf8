import type { PresenceLeave, PresenceRecord, PresenceSyncAnswer, User } from '@vaskedrift/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import { callApi, type SignedIn, signedIn } from '../../../test/people';
import { connected, openClient, twoListeningInstances, waitUntil } from '../../../test/realtime';

let ctx: TestContext;
let urlA: string;
let urlB: string;
const sockets: Socket[] = [];

/** A connected tab collecting the presence messages it receives. */
async function connect(url: string, token: string) {
  const socket = openClient(url, token);
  sockets.push(socket);
  const joins: PresenceRecord[] = [];
  const leaves: PresenceLeave[] = [];
  socket.on('presence_join', (record: PresenceRecord) => joins.push(record));
  socket.on('presence_leave', (leave: PresenceLeave) => leaves.push(leave));
  await connected(socket);
  return { socket, joins, leaves };
}

const track = (socket: Socket) => socket.timeout(5000).emitWithAck('presence_track', {});
async function sync(socket: Socket): Promise<PresenceRecord[]> {
  const answer = (await socket.timeout(5000).emitWithAck('presence_sync', {})) as PresenceSyncAnswer;
  if (!('presences' in answer)) throw new Error(answer.message);
  return answer.presences;
}
const tabsOf = (records: PresenceRecord[], who: SignedIn) => records.filter((r) => r.user_id === who.user.id);

beforeAll(async () => {
  ({ ctx, urlA, urlB } = await twoListeningInstances());
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

describe('who is online: tracking and sync', () => {
  it('announces a tab tracked on instance A to a tracked tab on instance B, with its record', async () => {
    const watcher = await signedIn(ctx, 'admin');
    const onB = await connect(urlB, watcher.token);
    expect(await track(onB.socket)).toEqual({ ok: true });

    const operator = await signedIn(ctx, 'operator', { firstName: 'Siri', lastName: 'Ødegård' });
    const onA = await connect(urlA, operator.token);
    const started = performance.now();
    expect(await track(onA.socket)).toEqual({ ok: true });
    await waitUntil(() => tabsOf(onB.joins, operator).length === 1);
    console.info(`track on A → join on B: ${(performance.now() - started).toFixed(0)} ms`);

    const [record] = tabsOf(onB.joins, operator);
    expect(record).toEqual({
      user_id: operator.user.id,
      user_name: 'Siri Ødegård',
      user_email: operator.user.email,
      user_avatar: null,
      last_seen: expect.any(String),
      presence_ref: expect.any(String),
    });
    expect(Date.now() - Date.parse(record?.last_seen ?? '')).toBeLessThan(5000);
  });

  it('answers a sync with every tracked tab of both instances, two tabs of one user apart', async () => {
    const user = await signedIn(ctx, 'user');
    const tabA = await connect(urlA, user.token);
    const tabB = await connect(urlB, user.token);
    await Promise.all([track(tabA.socket), track(tabB.socket)]);
    const other = await signedIn(ctx, 'operator');
    const otherTab = await connect(urlB, other.token);
    await track(otherTab.socket);

    const fromA = await sync(tabA.socket);
    const mine = tabsOf(fromA, user);
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((r) => r.presence_ref)).size).toBe(2);
    expect(tabsOf(fromA, other)).toHaveLength(1);
    const fromB = await sync(otherTab.socket);
    expect(fromB.map((r) => r.presence_ref).sort()).toEqual(fromA.map((r) => r.presence_ref).sort());
  });

  it('tracks a tab once however often it announces itself, refreshing its last seen', async () => {
    const user = await signedIn(ctx, 'user');
    const tab = await connect(urlA, user.token);
    await Promise.all([track(tab.socket), track(tab.socket)]);
    const [first] = tabsOf(await sync(tab.socket), user);
    const firstSeen = Date.parse(first?.last_seen ?? '');
    await waitUntil(() => Date.now() > firstSeen);
    expect(await track(tab.socket)).toEqual({ ok: true });
    const again = tabsOf(await sync(tab.socket), user);
    expect(again).toHaveLength(1);
    expect(again[0]?.presence_ref).toBe(first?.presence_ref);
    expect(Date.parse(again[0]?.last_seen ?? '')).toBeGreaterThan(Date.parse(first?.last_seen ?? ''));
    expect(tabsOf(tab.joins, user)).toHaveLength(1);
  });
});

describe('who is online: leaving, refusals and last seen', () => {
  it('announces the leave of a closed tab on the other instance and drops it from the sync', async () => {
    const watcher = await signedIn(ctx, 'admin');
    const onA = await connect(urlA, watcher.token);
    await track(onA.socket);
    const user = await signedIn(ctx, 'operator');
    const tab = await connect(urlB, user.token);
    await track(tab.socket);
    const [record] = tabsOf(await sync(onA.socket), user);

    tab.socket.disconnect();
    const started = performance.now();
    await waitUntil(() => onA.leaves.some((l) => l.user_id === user.user.id));
    console.info(`disconnect on B → leave on A: ${(performance.now() - started).toFixed(0)} ms`);
    expect(onA.leaves.filter((l) => l.user_id === user.user.id)).toEqual([
      { presence_ref: record?.presence_ref, user_id: user.user.id },
    ]);
    expect(tabsOf(await sync(onA.socket), user)).toEqual([]);
  });

  it('announces the leave of a user who is disabled', async () => {
    const admin = await signedIn(ctx, 'admin');
    const watcher = await connect(urlA, admin.token);
    await track(watcher.socket);
    const user = await signedIn(ctx, 'user');
    const tab = await connect(urlB, user.token);
    await track(tab.socket);
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/users/update', {
      id: user.user.id,
      disabled: true,
    });
    expect(res.statusCode).toBe(200);
    await waitUntil(() => watcher.leaves.some((l) => l.user_id === user.user.id), 8000);
  });

  it('lists no socket that never tracked, and sends it no joins or leaves', async () => {
    const quiet = await signedIn(ctx, 'user');
    const silent = await connect(urlA, quiet.token);
    // A tracked tab on the same instance gets what the silent one would, in the same broadcast.
    const witness = await connect(urlA, (await signedIn(ctx, 'user')).token);
    await track(witness.socket);
    const someone = await signedIn(ctx, 'user');
    const tab = await connect(urlB, someone.token);
    await track(tab.socket);
    expect(tabsOf(await sync(tab.socket), quiet)).toEqual([]);
    tab.socket.disconnect();
    await waitUntil(() => witness.leaves.some((l) => l.user_id === someone.user.id), 8000);
    expect(tabsOf(witness.joins, someone)).toHaveLength(1);
    expect(silent.joins).toEqual([]);
    expect(silent.leaves).toEqual([]);
  });

  it('shrugs off bad input: a body of any shape, no ack', async () => {
    const user = await signedIn(ctx, 'user');
    const tab = await connect(urlA, user.token);
    tab.socket.emit('presence_track', 'søppel');
    tab.socket.emit('presence_sync', { presences: 42 });
    expect(await tab.socket.timeout(5000).emitWithAck('presence_track', null)).toEqual({ ok: true });
    expect(tabsOf(await sync(tab.socket), user)).toHaveLength(1);
    expect(tab.socket.connected).toBe(true);
  });

  it('refuses a socket without a valid token, so it is never listed nor told anything', async () => {
    await expect(connect(urlA, 'ikke-et-token')).rejects.toThrow('Ugyldig eller utløpt innlogging');
    const refused = sockets.at(-1) as Socket;
    const joins: unknown[] = [];
    refused.on('presence_join', (r: unknown) => joins.push(r));
    const witness = await connect(urlA, (await signedIn(ctx, 'user')).token);
    await track(witness.socket);
    const user = await signedIn(ctx, 'user');
    const tab = await connect(urlA, user.token);
    await track(tab.socket);
    // The join reached a tracked tab on the same instance: the refused socket would have had it by now.
    await waitUntil(() => tabsOf(witness.joins, user).length === 1);
    expect(joins).toEqual([]);
    expect(refused.connected).toBe(false);
  });

  it('keeps last seen in the database after the tab has gone, and the users list shows it', async () => {
    const admin = await signedIn(ctx, 'admin');
    const user = await signedIn(ctx, 'operator');
    const before = await callApi(ctx, admin.token, 'POST', 'backend/users/get', { id: user.user.id });
    expect((before.json().data as User).lastSeenAt).toBeNull();

    const tab = await connect(urlB, user.token);
    await track(tab.socket);
    tab.socket.disconnect();
    const left = Date.now();
    let lastSeen: Date | null = null;
    while (lastSeen === null && Date.now() - left < 8000) {
      await new Promise((r) => setTimeout(r, 50));
      const { rows } = await ctx.database.pool.query<{ last_seen_at: Date | null }>(
        'select last_seen_at from users where id = $1',
        [user.user.id],
      );
      lastSeen = rows[0]?.last_seen_at ?? null;
    }
    console.info(`disconnect → last_seen_at written: ${Date.now() - left} ms`);
    if (!lastSeen) throw new Error('sist sett ble ikke skrevet');
    expect(Math.abs(lastSeen.getTime() - left)).toBeLessThan(2000);

    const list = await callApi(ctx, admin.token, 'POST', 'backend/users/get', {
      page: 1,
      perPage: 10,
      search: user.user.email,
    });
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data as User[];
    expect(Math.abs(Date.parse(row?.lastSeenAt ?? '') - left)).toBeLessThan(2000);
  });
});
