import { type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { createUser, uniqueName } from '../helpers/data';
import { type PushSubscriptionJson, startPushService } from '../helpers/push-service';
import { serviceWorkerActive } from '../helpers/service-worker';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import {
  bindTemperature,
  setTemperature,
  simulatorLocation,
  temperatureAttribute,
  waitForOpenAlert,
} from '../helpers/simulator';
import { openUserMenu } from '../helpers/ui';

/*
 * Web Push end to end (docs/decisions/036-installable-app.md): the service worker is installed; an operator
 * turns on 'Varsler på denne enheten'; a bay of their facility turns red, the server's push (decrypted by
 * the local push service, e2e/helpers/push-service.ts) is delivered to the worker through the DevTools
 * protocol and shown as a notification; its 'Jeg ser på det' acknowledges the alert, seen live on another
 * user's dashboard; the same token again, and a token that is not one, are refused; signing out on the phone
 * removes the device.
 *
 * Headless Chromium cannot subscribe at a real push service, so the browser's `PushManager.subscribe` answers
 * a subscription of the local push service instead; everything after it (the app, the server, the worker)
 * is the real thing.
 */

test.use({ actionTimeout: 15_000, permissions: ['notifications'] });

/** The browser's push subscription, made at the local push service (an init script: before the app runs). */
function USE_LOCAL_PUSH_SERVICE(subscription: PushSubscriptionJson) {
  const KEY = 'e2e-push-subscription';
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    getKey: () => null,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function subscribe() {
    localStorage.setItem(KEY, '1');
    return make() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
  };
}

type Shown = { title: string; body: string; tag: string; actions: string[] };

/** The notifications the service worker shows, as `registration.getNotifications()` reads them. */
const shownNotifications = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as Notification & { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
    }));
  });

/** What DevTools saw of one delivery, in seconds from its start; null what it did not see. */
type Delivery = {
  /** The registration with an activated worker the message was delivered to. */
  registration: string | null;
  /** The push event reached the worker ('Push event dispatched' in DevTools' background-service log). */
  dispatched: number | null;
  /** The push event ended: 'Success', 'waitUntil Rejected' (showing it failed), 'Timeout'. */
  completed: { at: number; status: string } | null;
};

const DELIVERY_WITHIN = 10_000;

function describeDelivery({ registration, dispatched, completed }: Delivery): string {
  if (registration === null) return `no registration with an activated worker in ${DELIVERY_WITHIN / 1000} s`;
  if (dispatched === null) return `delivered to registration ${registration}, no push event in the worker`;
  if (completed === null) return `push event in the worker at ${dispatched} s, not ended`;
  return `push event in the worker at ${dispatched} s, ended '${completed.status}' at ${completed.at} s`;
}

/**
 * A push message delivered to the page's service worker through the DevTools protocol, once the
 * registration has an activated version (a registration is reported before its worker is ready), and what
 * came of it as DevTools' background-service log tells. Bounded: after `DELIVERY_WITHIN` it answers what it
 * saw so far (no registration reported, delivered but no push event, a push event not ended).
 */
async function deliverPush(context: BrowserContext, page: Page, payload: unknown): Promise<Delivery> {
  const delivery: Delivery = { registration: null, dispatched: null, completed: null };
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  let ended = () => {};
  const completed = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const session: { cdp?: CDPSession } = {};
  const attempt = async () => {
    const cdp = await context.newCDPSession(page);
    session.cdp = cdp;
    const scopes = new Map<string, string>();
    const activatedIn = new Set<string>();
    const activated = new Promise<string>((resolve) => {
      const check = () => {
        for (const id of activatedIn) if (scopes.get(id)?.endsWith('/')) resolve(id);
      };
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        for (const r of registrations) if (!r.isDeleted) scopes.set(r.registrationId, r.scopeURL);
        check();
      });
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) if (v.status === 'activated') activatedIn.add(v.registrationId);
        check();
      });
    });
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      if (event.serviceWorkerRegistrationId !== delivery.registration) return;
      if (event.eventName === 'Push event dispatched') delivery.dispatched ??= seconds();
      if (event.eventName === 'Push event completed' && !delivery.completed) {
        const status = event.eventMetadata.find((entry) => entry.key === 'Status')?.value ?? '?';
        delivery.completed = { at: seconds(), status };
        ended();
      }
    });
    const service = 'pushMessaging' as const;
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service });
    await cdp.send('BackgroundService.clearEvents', { service });
    await cdp.send('BackgroundService.startObserving', { service });
    await cdp.send('ServiceWorker.enable');
    delivery.registration = await activated;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: delivery.registration,
      data: JSON.stringify(payload),
    });
    await completed;
  };
  const work = attempt();
  // Once the time is up the attempt is abandoned: its session detached, what it then throws ignored.
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, DELIVERY_WITHIN);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    await session.cdp?.detach().catch(() => {});
  }
  return { ...delivery };
}

const numbered = (lines: string[], between: string) =>
  lines.map((line, i) => `${i + 1}. ${line}`).join(between);

/**
 * Delivers `payload` until the worker shows what `shown` expects, for up to 40 s. DevTools' delivery is the
 * test's stand-in for the browser's push service; one more delivery of the same message replaces the
 * notification by its tag, so a second try changes nothing the test checks. Failing, it says what became of
 * each delivery.
 */
async function pushUntilShown(
  context: BrowserContext,
  page: Page,
  payload: unknown,
  shown: (notifications: Shown[]) => boolean,
) {
  const deadline = Date.now() + 40_000;
  const attempts: string[] = [];
  while (Date.now() < deadline) {
    const delivery = await deliverPush(context, page, payload);
    try {
      await expect.poll(async () => shown(await shownNotifications(page)), { timeout: 10_000 }).toBe(true);
      // A message delivered again is told in the report (an annotation), with what came of the tries before.
      if (attempts.length > 0) {
        test.info().annotations.push({
          type: 'push delivered again',
          description: `${numbered(attempts, '; ')}; shown after delivery ${attempts.length + 1}`,
        });
      }
      return;
    } catch {
      const now = (await shownNotifications(page).catch(() => null))?.map((n) => n.title) ?? '?';
      attempts.push(`${describeDelivery(delivery)}; not shown in 10 s (shown: ${JSON.stringify(now)})`);
    }
  }
  throw new Error(`The worker did not show the push:\n${numbered(attempts, '\n')}`);
}

/**
 * A tap on the notification tagged `tag`, on its `action` ('ack': 'Jeg ser på det', 'open': 'Åpne'): the
 * worker's own `notificationclick` handler. A script's event carries no user activation, so the worker's
 * request to focus the window is refused, as a browser refuses it without a tap.
 */
async function tapAction(context: BrowserContext, tag: string, action: 'ack' | 'open') {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(
    async (wanted) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration } & EventTarget;
      const [notification] = await scope.registration.getNotifications({ tag: wanted.tag });
      if (!notification) throw new Error(`no notification ${wanted.tag}`);
      const NotificationEventClass = (self as unknown as { NotificationEvent: typeof Event })
        .NotificationEvent;
      scope.dispatchEvent(
        new (
          NotificationEventClass as unknown as new (
            type: string,
            init: { notification: Notification; action: string },
          ) => Event
        )('notificationclick', { notification, action: wanted.action }),
      );
    },
    { tag, action },
  );
}

/** Closes the notification tagged `tag`, as a swipe would. */
async function closeNotification(context: BrowserContext, tag: string) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    for (const notification of await scope.registration.getNotifications({ tag: wanted }))
      notification.close();
  }, tag);
}

test('a push shows the alert; its "Jeg ser på det" acknowledges it without the app, once', async ({
  browser,
  request,
}) => {
  // A ceiling for a loaded 2-core machine, not a wait: alone the test takes 16–28 s.
  test.setTimeout(90_000);
  const push = await startPushService();
  try {
    const api = await adminApi(request);
    const token = await tokenFor(request);
    const operator = await createUser(request, token, { role: 'operator' });
    const watcher = await createUser(request, token, { role: 'admin' });
    const locationName = uniqueName('Push');
    const location = await api<{ id: string }>('POST', 'backend/locations/create', {
      name: locationName,
      address: 'Testveien 7',
      postalCode: '0150',
      city: 'Oslo',
    });
    await api('POST', 'backend/users/access/create', { userId: operator.id, locationId: location.id });
    await api('POST', 'backend/settings/notifications/create', {
      recipient: { kind: 'user', userId: operator.id },
      tags: ['critical'],
      allLocations: false,
      locationIds: [location.id],
    });

    // The operator's phone: the service worker installs, and push is turned on in their settings.
    const subscription = push.subscribe();
    const phone = await browser.newContext({ permissions: ['notifications'] });
    await phone.addInitScript(USE_LOCAL_PUSH_SERVICE, {
      endpoint: subscription.endpoint,
      keys: subscription.keys,
    });
    const page = await phone.newPage();
    await signIn(page, operator.email, operator.password);
    await serviceWorkerActive(page);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Innstillinger' }).click();
    const section = page.getByRole('region', { name: 'Varsler på denne enheten' });
    const toggle = section.getByRole('switch', { name: 'Push-varsler på denne enheten' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Varsler er slått på for denne enheten')).toBeVisible();
    await expect(toggle).toBeChecked();
    const device = section.getByTestId('push-device');
    await expect(device).toHaveCount(1);
    await expect(device).toContainText('Chrome på Linux');
    await expect(device).toContainText('Denne enheten');

    // Another user watches the dashboard, live.
    const desk = await browser.newContext();
    const deskPage = await desk.newPage();
    await signIn(deskPage, watcher.email, watcher.password);
    await expect(deskPage.locator('[data-realtime-state="connected"]')).toBeVisible();

    // A bay of the facility turns red: the server pushes to the operator's device.
    const simulator = await simulatorLocation(request);
    const key = simulator.bays[0]?.key ?? '';
    const metric = await temperatureAttribute(request, simulator);
    const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
      locationId: location.id,
      name: 'Vaskehall 1',
      status: 'operational',
    });
    await setTemperature(request, simulator, key, 95);
    await bindTemperature(request, { bayId: bay.id, apiMetricId: metric.id, key });
    await waitForOpenAlert(request, bay.id);
    await expect.poll(() => push.payloadsOf(subscription.id).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(push.rejected).toEqual([]);
    const payload = push.payloadsOf(subscription.id)[0] as {
      eventId: number;
      tag: string;
      url: string;
      actionToken: string | null;
    };
    expect(payload.actionToken).toBeTruthy();

    // The first delivery finds notifications not allowed: showing it fails, and so does the push event. The
    // push service delivers a message again for that; once allowed, the next delivery is shown (the worker
    // counts an event as shown only when showing it succeeded).
    await phone.clearPermissions();
    await expect(async () => {
      expect(describeDelivery(await deliverPush(phone, page, payload))).toMatch(/ended 'waitUntil Rejected'/);
    }).toPass({ timeout: 40_000 });
    expect(await shownNotifications(page)).toEqual([]);
    await phone.grantPermissions(['notifications']);
    await pushUntilShown(phone, page, payload, (shown) => shown.length > 0);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: `Kritisk: ${locationName} – Vaskehall 1`,
          body: `${metric.attribute} 95 · kritisk over 90`,
          tag: payload.tag,
          actions: ['Jeg ser på det', 'Åpne'],
        },
      ]);

    // 'Jeg ser på det' in the notification: the alert is acknowledged, live on the other user's screen.
    await tapAction(phone, payload.tag, 'ack');
    // Worker → server → database → worker: under the whole suite on two cores it took longer than 10 s once.
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 30_000 })
      .toEqual(['Kvittert']);
    const deskAlerts = deskPage.getByRole('region', { name: 'Åpne varsler' });
    await expect(deskAlerts.getByText(`${operator.firstName} ${operator.lastName} ser på det`)).toBeVisible();

    // The same message delivered again (a push service delivers at least once) does not ring again: a
    // message delivered after it shows beside 'Kvittert', which stays.
    // It must reach the worker, or 'not again' below would hold of a message that never came.
    await expect(async () => {
      expect(describeDelivery(await deliverPush(phone, page, payload))).toMatch(/ended 'Success'/);
    }).toPass({ timeout: 40_000 });
    const probe = {
      ...payload,
      eventId: payload.eventId + 1,
      tag: 'probe',
      title: 'Prøve',
      actionToken: null,
    };
    await pushUntilShown(phone, page, probe, (shown) => shown.some((n) => n.tag === 'probe'));
    expect((await shownNotifications(page)).map((n) => n.title).sort()).toEqual(['Kvittert', 'Prøve']);
    await closeNotification(phone, 'probe');

    // The same token in another message is refused, and the worker says so; a made-up token is refused too.
    await pushUntilShown(
      phone,
      page,
      { ...payload, eventId: payload.eventId + 2 },
      (shown) => shown.length === 1 && shown[0]?.actions.length === 2,
    );
    await tapAction(phone, payload.tag, 'ack');
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => `${n.title}: ${n.body}`))
      .toEqual(['Kunne ikke kvittere: Lenken i varselet er ugyldig eller allerede brukt']);
    const replayed = await request.post('/api/v1/backend/users/push/actions/acknowledge', {
      data: { token: payload.actionToken },
    });
    expect(replayed.status()).toBe(409);
    const foreign = await request.post('/api/v1/backend/users/push/actions/acknowledge', {
      data: { token: 'x'.repeat(43) },
    });
    expect(foreign.status()).toBe(400);
    expect(((await foreign.json()) as { message: string }).message).toBe(
      'Lenken i varselet er ugyldig eller allerede brukt',
    );

    // 'Åpne' takes the operator's window to the bay: its panel open on the dashboard.
    await pushUntilShown(
      phone,
      page,
      { ...payload, eventId: payload.eventId + 3 },
      (shown) => shown.length === 1 && shown[0]?.actions.length === 2,
    );
    await tapAction(phone, payload.tag, 'open');
    expect(payload.url).toBe(`/?bay=${bay.id}`);
    await expect(page).toHaveURL(new RegExp(`/\\?bay=${bay.id}$`));
    const panel = page.getByRole('dialog', { name: /Vaskehall 1/ });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Signing out on the phone ends push there: the device is gone from the operator's list.
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Logg ut' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    const operatorToken = await tokenFor(request, operator.email, operator.password);
    const devices = await request.get('/api/v1/backend/users/push/devices/list', {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(((await devices.json()) as { data: unknown[] }).data).toEqual([]);

    await setTemperature(request, simulator, key, 20);
    await Promise.all([phone.close(), desk.close()]);
  } finally {
    await push.stop();
  }
});
