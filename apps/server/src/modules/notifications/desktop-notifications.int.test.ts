import type { DesktopNotification, Role } from '@vaskedrift/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from '../../../test/locations';
import { emailsTo, insertRecipient, recordEvent } from '../../../test/notify';
import { callApi, type SignedIn, signedIn } from '../../../test/people';
import { connectRecording, twoListeningInstances, waitUntil } from '../../../test/realtime';
import { createDispatcher } from './dispatcher';

let ctx: TestContext;
let admin: ApiClient;
let urlA: string;
let urlB: string;
let bryn: { locationId: string; bayId: string };
const sockets: Socket[] = [];
const dispatch = () => ctx.app.notifying.dispatcher.dispatchDue();

beforeAll(async () => {
  ({ ctx, urlA, urlB } = await twoListeningInstances({ PUBLIC_URL: 'https://drift.example.no' }));
  admin = await caller(ctx, 'admin');
  const locationId = await createLocation(admin, { name: 'Vask Bryn' });
  bryn = { locationId, bayId: await createBay(admin, locationId) };
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.pool.query('delete from notification_recipients');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** A signed-in user of `role` with desktop notifications set through the settings API. */
async function person(role: Role, desktop: boolean, access = true): Promise<SignedIn> {
  const who = await signedIn(ctx, role);
  if (access && role !== 'admin') await grantAccess(ctx, who.user.id, bryn.locationId);
  await setDesktop(who, desktop);
  return who;
}

async function setDesktop(who: SignedIn, desktop: boolean) {
  const res = await callApi(ctx, who.token, 'PATCH', 'backend/users/settings/update', {
    desktopNotifications: desktop,
  });
  expect(res.statusCode).toBe(200);
}

/** A browser tab of the user on an instance, recording the desktop notifications it receives. */
async function tab(who: SignedIn, url = urlA) {
  const client = await connectRecording<DesktopNotification>(url, who.token, 'notification');
  sockets.push(client.socket);
  return client.received;
}

/**
 * Shows that nothing more is coming to these tabs: records and dispatches one more event that each of them
 * gets, and waits until it is there. A tab receives its notifications in the order they were sent, so one
 * that the earlier dispatch owed it would have come before this one. Answers the new event's id.
 */
async function nextEventArrives(tabs: DesktopNotification[][]): Promise<number> {
  const next = await recordEvent(ctx.database.db, bryn);
  await dispatch();
  await waitUntil(() => tabs.every((received) => received.some((n) => n.id === next)));
  return next;
}

const ids = (received: DesktopNotification[]) => received.map((n) => n.id);

describe('desktop notifications', () => {
  it('sends a recipient with the setting on one notification for a critical alert, in Norwegian', async () => {
    const kari = await person('operator', true);
    await insertRecipient(ctx, { user_id: kari.user.id }, { tags: ['critical'] });
    const received = await tab(kari);

    const event = await recordEvent(ctx.database.db, bryn);
    const started = performance.now();
    await dispatch();
    await waitUntil(() => received.length > 0);
    const took = performance.now() - started;
    const next = await nextEventArrives([received]);

    expect(received).toEqual([
      {
        id: event,
        title: 'Kritisk: Vask Bryn – Hall 1',
        body: 'Vanntrykk 1,2\u00a0bar · kritisk under 2\u00a0bar',
        level: 'critical',
        bayId: bryn.bayId,
        locationId: bryn.locationId,
        // An operator may not open the bay's page: the link opens its panel on the dashboard.
        url: `/?bay=${bryn.bayId}`,
      },
      expect.objectContaining({ id: next }),
    ]);
    // E-mail is unchanged: the same recipient still gets hers.
    expect(await emailsTo(ctx, event)).toEqual([kari.user.email]);
    console.info(`dispatch → notification on the socket: ${took.toFixed(1)} ms`);
  });

  it('tells no one whose setting is off, or who may not see the facility', async () => {
    const on = await person('operator', true);
    const off = await person('operator', false);
    const blind = await person('operator', true, false);
    for (const who of [on, off, blind])
      await insertRecipient(ctx, { user_id: who.user.id }, { tags: ['critical'] });
    const [toOn, toOff, toBlind] = await Promise.all([tab(on), tab(off), tab(blind)]);

    const event = await recordEvent(ctx.database.db, bryn);
    await dispatch();
    await waitUntil(() => toOn.length === 1);
    // Both turned reachable, and told of the next event: the first one never came to them.
    await setDesktop(off, true);
    await grantAccess(ctx, blind.user.id, bryn.locationId);
    const next = await nextEventArrives([toOn, toOff, toBlind]);
    expect(ids(toOn)).toEqual([event, next]);
    expect(ids(toOff)).toEqual([next]);
    expect(ids(toBlind)).toEqual([next]);
  });

  it("tells a group's members, once each even when reached twice, in every open tab", async () => {
    const per = await person('user', true);
    const ola = await person('operator', true);
    const group = await admin.post('backend/groups/create', {
      name: 'Vakt',
      description: 'Vaktlaget',
      config: { color: '#112233' },
      members: [per.user.id, ola.user.id],
    });
    expect(group.statusCode).toBe(200);
    await insertRecipient(ctx, { group_id: group.json().data.id }, { tags: ['critical'] });
    await insertRecipient(ctx, { user_id: per.user.id }, { tags: ['critical'] });
    const [perFirst, perSecond, olaTab] = await Promise.all([tab(per), tab(per), tab(ola)]);

    const event = await recordEvent(ctx.database.db, bryn);
    await dispatch();
    await waitUntil(() => perFirst.length > 0 && perSecond.length > 0 && olaTab.length > 0);
    const next = await nextEventArrives([perFirst, perSecond, olaTab]);
    // Each tab gets the message; the browser shows it once (leader tab and `tag`, desktop-notifications.ts).
    expect([ids(perFirst), ids(perSecond), ids(olaTab)]).toEqual([
      [event, next],
      [event, next],
      [event, next],
    ]);
  });

  it('reaches a tab on instance B when instance A dispatches', async () => {
    const kari = await person('admin', true);
    await insertRecipient(ctx, { user_id: kari.user.id }, { tags: ['critical'] });
    const onB = await tab(kari, urlB);

    const event = await recordEvent(ctx.database.db, bryn);
    const started = performance.now();
    await dispatch();
    await waitUntil(() => onB.length > 0);
    const took = performance.now() - started;
    const next = await nextEventArrives([onB]);
    expect(ids(onB)).toEqual([event, next]);
    expect(onB[0]?.title).toBe('Kritisk: Vask Bryn – Hall 1');
    console.info(`dispatch on A → notification on a socket of B: ${took.toFixed(1)} ms`);
  });

  it('still writes the e-mails when the desktop channel fails', async () => {
    const kari = await person('operator', true);
    await insertRecipient(ctx, { user_id: kari.user.id }, { tags: ['critical'] });
    const warnings: unknown[] = [];
    const dispatcher = createDispatcher({
      db: ctx.database.db,
      deliversEmail: false,
      publicUrl: 'https://drift.example.no',
      log: { info: () => {}, error: () => {}, warn: (...args: unknown[]) => warnings.push(args) },
      senders: [],
      incidentGroupWaitMs: 0,
      desktop: () => {
        throw new Error('sanntidskanalen er nede');
      },
    });
    const event = await recordEvent(ctx.database.db, bryn);
    expect(await dispatcher.dispatchDue()).toEqual({ events: 1, emails: 1 });
    expect(await emailsTo(ctx, event)).toEqual([kari.user.email]);
    expect(warnings).toHaveLength(1);
  });
});
