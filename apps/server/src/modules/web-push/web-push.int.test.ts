import { WEB_PUSH_MESSAGES, type WebPushPayload } from '@vaskedrift/shared';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushService, startPushService } from '../../../../../e2e/helpers/push-service';
import { runCheck, type WiredLocation, wireLocation } from '../../../test/engine';
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, grantAccess } from '../../../test/locations';
import { insertRecipient } from '../../../test/notify';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

/*
 * Web Push end to end on the server (issue 27): real VAPID signatures and aes128gcm encryption, checked and
 * decrypted by a local push service with the subscriptions' own keys (e2e/helpers/push-service.ts); the
 * alerts come from the simulator through the status engine, as in production.
 */
let sim: Simulator;
let ctx: TestContext;
let push: PushService;
let admin: ApiClient;
let w: WiredLocation;
let bayId: string;

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 1, baysPerLocation: 1, drift: false });
  push = await startPushService();
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true', INCIDENT_GROUP_WAIT_MS: '0' });
  admin = await caller(ctx, 'admin');
  const location = sim.locations[0];
  if (!location) throw new Error('ingen anlegg');
  w = await wireLocation(admin, sim, location, { paths: ['temperature'] });
  bayId = w.bays.get('hall-1') as string;
  await runCheck(ctx, w.apiId);
});
afterAll(async () => {
  await ctx?.close();
  await push?.stop();
  await sim?.close();
});

/** A signed-in user of `role` with access to the facility, told of critical and warning incidents. */
async function recipient(role: 'operator' | 'user'): Promise<SignedIn> {
  const who = await signedIn(ctx, role);
  await grantAccess(ctx, who.user.id, w.locationId);
  await insertRecipient(ctx, { user_id: who.user.id }, { tags: ['critical', 'warning'] });
  return who;
}

/** The user turns push on in a browser: a subscription of the push service, registered with the server. */
async function subscribe(who: SignedIn, label = 'Chrome på Android') {
  const subscription = push.subscribe();
  const res = await callApi(ctx, who.token, 'POST', 'backend/users/push/devices/create', {
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    label,
  });
  expect(res.statusCode).toBe(200);
  return { ...subscription, deviceId: res.json().data.id as string };
}

/** The temperature crosses a threshold (or returns), the engine checks, the dispatcher and sender run. */
async function temperature(value: number) {
  sim.control.setValues(w.location.id, 'hall-1', { temperature: value });
  await runCheck(ctx, w.apiId);
  await ctx.app.notifying.dispatcher.dispatchDue();
  await ctx.app.notifying.webPushSender.sendDue();
}

const payloads = (id: string) => push.payloadsOf(id) as WebPushPayload[];
const acknowledgeWith = (token: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/backend/users/push/actions/acknowledge',
    payload: { token },
  });
const devicesOf = async (who: SignedIn) =>
  (await callApi(ctx, who.token, 'GET', 'backend/users/push/devices/list')).json().data as Array<{
    id: string;
  }>;

describe('push devices', () => {
  it('answers the one VAPID key, keeps its private half sealed, and lists only the own devices', async () => {
    const kari = await recipient('user');
    const ola = await recipient('user');
    const first = await callApi(ctx, kari.token, 'GET', 'backend/users/push/config');
    const again = await callApi(ctx, ola.token, 'GET', 'backend/users/push/config');
    expect(first.statusCode).toBe(200);
    const publicKey = first.json().data.publicKey as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(again.json().data.publicKey).toBe(publicKey);
    const { rows } = await ctx.database.pool.query('select private_key from web_push_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0].private_key).not.toMatch(/^[A-Za-z0-9_-]{43}$/);

    const device = await subscribe(kari, 'Safari på iPhone');
    expect(await devicesOf(kari)).toEqual([
      { id: device.deviceId, label: 'Safari på iPhone', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
    expect(await devicesOf(ola)).toEqual([]);
    // Not hers: Ola cannot remove it, and it stays.
    const foreign = await callApi(ctx, ola.token, 'DELETE', 'backend/users/push/devices/delete', {
      id: device.deviceId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(WEB_PUSH_MESSAGES.deviceNotFound);
    // The same browser subscribing again for Ola is one device, his now.
    const rebound = await callApi(ctx, ola.token, 'POST', 'backend/users/push/devices/create', {
      endpoint: device.endpoint,
      keys: device.keys,
      label: 'Delt nettbrett',
    });
    expect(rebound.json().data.id).toBe(device.deviceId);
    expect(await devicesOf(kari)).toEqual([]);
    const removed = await callApi(ctx, ola.token, 'DELETE', 'backend/users/push/devices/delete', {
      id: device.deviceId,
    });
    expect(removed.statusCode).toBe(200);
    expect(await devicesOf(ola)).toEqual([]);
    expect((await logRows(ctx, 'users/push/devices/delete')).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an endpoint that is not https (loopback excepted) and keys that are not base64url', async () => {
    const kari = await recipient('user');
    const res = await callApi(ctx, kari.token, 'POST', 'backend/users/push/devices/create', {
      endpoint: 'http://push.example.com/abc',
      keys: { p256dh: 'inte base64!', auth: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(WEB_PUSH_MESSAGES.endpointInvalid);
    expect(res.body).toContain(WEB_PUSH_MESSAGES.keyInvalid);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/backend/users/push/config' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an incident reaches the devices', () => {
  it('once each, encrypted and signed, with an action token for those who may acknowledge', async () => {
    const kari = await recipient('operator');
    const viewer = await recipient('user');
    const replayer = await recipient('operator');
    const changed = await recipient('operator');
    const signedOut = await recipient('operator');
    const moved = await recipient('operator');
    const late = await recipient('operator');
    const leaving = await recipient('operator');
    const leavingPhone = await subscribe(leaving);
    const afterFix = await recipient('operator');
    const [latePhone, afterFixPhone] = [await subscribe(late), await subscribe(afterFix)];
    const [kariPhone, viewerPhone, replayerPhone, changedPhone, signedOutPhone, movedPhone] = [
      await subscribe(kari),
      await subscribe(viewer),
      await subscribe(replayer),
      await subscribe(changed),
      await subscribe(signedOut),
      await subscribe(moved),
    ];
    const publicKey = (await callApi(ctx, kari.token, 'GET', 'backend/users/push/config')).json().data
      .publicKey;

    await temperature(95);
    await ctx.app.notifying.webPushSender.sendDue();
    const [opened, ...more] = payloads(kariPhone.id);
    expect(more).toEqual([]);
    expect(opened).toEqual({
      v: 1,
      kind: 'incident.opened',
      eventId: expect.any(Number),
      title: expect.stringMatching(/^Kritisk: /),
      body: expect.stringMatching(/^Hallstatus 95\s·\skritisk over 90$/),
      tag: `bay:${bayId}`,
      url: `/?bay=${bayId}`,
      bayId,
      alertId: expect.any(String),
      level: 'critical',
      actionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      sentAt: expect.any(String),
    });
    const received = push.received.find((one) => one.subscriptionId === kariPhone.id);
    expect(received).toMatchObject({ ttl: 3600, urgency: 'high', vapidKey: publicKey });
    expect(received?.topic).toMatch(/^o\d+$/);
    expect(push.rejected).toEqual([]);
    // A viewer is told, but may not acknowledge: no token.
    expect(payloads(viewerPhone.id)).toEqual([
      expect.objectContaining({ kind: 'incident.opened', actionToken: null }),
    ]);
    expect((await devicesOf(kari))[0]).toMatchObject({ lastSuccessAt: expect.any(String) });

    // 'Jeg ser på det' from the notification: acknowledged as from the panel, once.
    const accepted = await acknowledgeWith(opened?.actionToken ?? null);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.message).toBe(WEB_PUSH_MESSAGES.acknowledged);
    const alert = (await admin.post('backend/alerts/get', { id: opened?.alertId })).json().data;
    expect(alert.acknowledgedBy.id).toBe(kari.user.id);
    const replay = await acknowledgeWith(opened?.actionToken ?? null);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(WEB_PUSH_MESSAGES.tokenInvalid);
    // Another operator's token still works after it: the alert was already taken, and is said so.
    const second = await acknowledgeWith(payloads(replayerPhone.id)[0]?.actionToken ?? null);
    expect(second.json().data.message).toBe(WEB_PUSH_MESSAGES.alreadyAcknowledged);

    // A password changed, every session signed out, or the facility taken away: the token is refused.
    const password = await callApi(ctx, changed.token, 'PATCH', 'backend/users/update', {
      id: changed.user.id,
      password: `${TEST_PASSWORD}-ny`,
      confirmPassword: `${TEST_PASSWORD}-ny`,
    });
    expect(password.statusCode).toBe(200);
    const afterPassword = await acknowledgeWith(payloads(changedPhone.id)[0]?.actionToken ?? null);
    expect(afterPassword.statusCode).toBe(403);
    expect(afterPassword.json().message).toBe(WEB_PUSH_MESSAGES.tokenRevoked);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=global',
      headers: { authorization: `Bearer ${signedOut.token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    const afterSignOut = await acknowledgeWith(payloads(signedOutPhone.id)[0]?.actionToken ?? null);
    expect(afterSignOut.json().message).toBe(WEB_PUSH_MESSAGES.tokenRevoked);
    await ctx.database.pool.query('delete from user_location_access where user_id = $1', [moved.user.id]);
    const afterAccess = await acknowledgeWith(payloads(movedPhone.id)[0]?.actionToken ?? null);
    expect(afterAccess.statusCode).toBe(403);
    expect(afterAccess.json().message).toBe(WEB_PUSH_MESSAGES.noAccess);
    const made = await acknowledgeWith('a'.repeat(43));
    expect(made.statusCode).toBe(400);
    await ctx.database.pool.query(
      `update web_push_action_tokens set expires_at = now() - interval '1 minute' where user_id = $1`,
      [late.user.id],
    );
    const deactivated = await admin.patch('backend/users/update', { id: leaving.user.id, disabled: true });
    expect(deactivated.statusCode).toBe(200);
    const afterDeactivation = await acknowledgeWith(payloads(leavingPhone.id)[0]?.actionToken ?? null);
    expect(afterDeactivation.statusCode).toBe(403);
    expect(afterDeactivation.json().message).toBe(WEB_PUSH_MESSAGES.tokenRevoked);
    const expired = await acknowledgeWith(payloads(latePhone.id)[0]?.actionToken ?? null);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(WEB_PUSH_MESSAGES.tokenExpired);

    // Written by bus subscribers after each answer, so in any order: compared as a set.
    const byOutcome = (rows: Array<[string | null, unknown]>) =>
      rows.map((row) => JSON.stringify(row)).sort();
    const outcomes = (await logRows(ctx, 'users/push/actions/acknowledge')).map(
      (row): [string | null, unknown] => [row.user_id, row.extra_data?.outcome],
    );
    expect(byOutcome(outcomes)).toEqual(
      byOutcome([
        [kari.user.id, 'accepted'],
        [kari.user.id, 'used'],
        [replayer.user.id, 'accepted'],
        [changed.user.id, 'revoked'],
        [signedOut.user.id, 'revoked'],
        [moved.user.id, 'no_access'],
        [null, 'invalid'],
        [late.user.id, 'expired'],
        [leaving.user.id, 'revoked'],
      ]),
    );

    // Resolved: one more message each, without a token; the old token now says the alert is resolved.
    await temperature(20);
    expect(payloads(kariPhone.id).map((p) => [p.kind, p.actionToken])).toEqual([
      ['incident.opened', opened?.actionToken],
      ['incident.resolved', null],
    ]);
    await ctx.app.notifying.webPushSender.sendDue();
    expect(payloads(kariPhone.id)).toHaveLength(2);
    const tooLate = await acknowledgeWith(payloads(afterFixPhone.id)[0]?.actionToken ?? null);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(WEB_PUSH_MESSAGES.alertResolved);

    // A day past its expiry a token is deleted by the daily housekeeping; younger ones stay.
    const { rowCount } = await ctx.database.pool.query(
      `update web_push_action_tokens set expires_at = now() - interval '25 hours' where user_id = $1`,
      [kari.user.id],
    );
    expect(rowCount).toBe(1);
    expect(await ctx.app.housekeeping.runOnce()).toMatchObject({ pushActionTokens: 1 });
  });
});

describe('the push service answers', () => {
  it('410: the subscription is gone and the device removed; down, then up: delivered once', async () => {
    await temperature(20);
    const kari = await recipient('operator');
    const gone = await subscribe(kari, 'Gammel telefon');
    const kept = await subscribe(kari, 'Ny telefon');
    push.answer(gone.id, { status: 410 });

    await push.stop();
    await temperature(95);
    const { rows: waiting } = await ctx.database.pool.query(
      `select recipient_key, status, attempts, last_error from outbox where channel = 'web_push' and "to" = $1`,
      [kari.user.id],
    );
    expect(waiting).toHaveLength(2);
    expect(waiting.every((row) => row.status === 'pending' && row.last_error)).toBe(true);

    await push.start();
    // The back-off has passed.
    await ctx.database.pool.query(
      `update outbox set next_attempt_at = now() where channel = 'web_push' and "to" = $1`,
      [kari.user.id],
    );
    await ctx.app.notifying.webPushSender.sendDue();
    await ctx.app.notifying.webPushSender.sendDue();
    expect(payloads(kept.id).map((p) => p.kind)).toEqual(['incident.opened']);
    expect(payloads(gone.id)).toEqual([]);
    expect((await devicesOf(kari)).map((d) => d.id)).toEqual([kept.deviceId]);
    const { rows: done } = await ctx.database.pool.query(
      `select recipient_key, status from outbox where channel = 'web_push' and "to" = $1 order by id`,
      [kari.user.id],
    );
    expect(new Map(done.map((row) => [row.recipient_key, row.status]))).toEqual(
      new Map([
        [gone.deviceId, 'failed'],
        [kept.deviceId, 'sent'],
      ]),
    );
    await temperature(20);
  });
});
