import { expect, type Page, test } from '@playwright/test';
import { createUser, uniqueName } from '../helpers/data';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import {
  bindTemperature,
  setTemperature,
  simulatorLocation,
  temperatureAttribute,
  waitForOpenAlert,
} from '../helpers/simulator';

/*
 * Desktop notifications end to end (docs/decisions/019-notifications.md, Desktop): an admin turns on
 * 'Skrivebordsvarsler' in their own settings (the browser has granted permission), is a recipient of
 * critical alerts for a facility, and has two tabs open; a bay of that facility turning red through the
 * simulator raises one system notification in Norwegian, in one tab only.
 */

test.use({ actionTimeout: 15_000, permissions: ['notifications'] });

type Raised = { title: string; body?: string; tag?: string };

/** Every page records the notifications it raises in `window.__notifications`, still raising them. */
const RECORD_NOTIFICATIONS = () => {
  const Real = window.Notification;
  const raised: Raised[] = [];
  Object.assign(window, { __notifications: raised });
  window.Notification = class extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      raised.push({ title, body: options?.body, tag: options?.tag });
    }
  } as typeof Notification;
};

const raisedIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notifications: Raised[] }).__notifications);

test('a bay turning red raises one desktop notification in Norwegian, however many tabs are open', async ({
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.addInitScript(RECORD_NOTIFICATIONS);
  const api = await adminApi(request);
  const admin = await createUser(request, await tokenFor(request), { role: 'admin' });

  // The admin turns the setting on in their own settings.
  const first = await context.newPage();
  await signIn(first, admin.email, admin.password);
  await first.getByRole('button', { name: 'Brukermeny' }).click();
  await first.getByRole('menuitem', { name: 'Innstillinger' }).click();
  const setting = first.getByRole('switch', { name: 'Skrivebordsvarsler' });
  await expect(setting).not.toBeChecked();
  await setting.click();
  await expect(first.getByText('Skrivebordsvarsler er slått på')).toBeVisible();
  await expect(setting).toBeChecked();

  // A facility whose bay the simulator will turn red, and the admin a recipient of its critical alerts.
  const simulator = await simulatorLocation(request);
  const [key, nextKey] = simulator.bays.map((b) => b.key) as [string, string];
  const locationName = uniqueName('Skrivebord');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 4',
    postalCode: '0150',
    city: 'Oslo',
  });
  await api('POST', 'backend/settings/notifications/create', {
    recipient: { kind: 'user', userId: admin.id },
    tags: ['critical'],
    allLocations: false,
    locationIds: [location.id],
  });

  // A second tab of the same browser; both are live before the bay turns red.
  const second = await context.newPage();
  await second.goto('/');
  for (const page of [first, second]) {
    await expect(page.locator('[data-realtime-state="connected"]')).toBeVisible();
  }

  const metric = await temperatureAttribute(request, simulator);
  /** A new bay of the facility, bound to a simulator bay already at 95: its alert opens at the next check. */
  const redBay = async (name: string, simulatorKey: string) => {
    const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
      locationId: location.id,
      name,
      status: 'operational',
    });
    await setTemperature(request, simulator, simulatorKey, 95);
    await bindTemperature(request, { bayId: bay.id, apiMetricId: metric.id, key: simulatorKey });
    await waitForOpenAlert(request, bay.id);
  };
  await redBay('Vaskehall 1', key);

  const all = async () => [...(await raisedIn(first)), ...(await raisedIn(second))];
  await expect.poll(async () => (await all()).length, { timeout: 20_000 }).toBe(1);
  const [raised] = await all();
  expect(raised?.title).toBe(`Kritisk: ${locationName} – Vaskehall 1`);
  expect(raised?.body).toBe(`${metric.attribute} 95 · kritisk over 90`);
  expect(raised?.tag).toMatch(/^vaskedrift-\d+$/);

  // Both tabs received the message; only the leader showed it, and no second one comes. A tab gets its
  // messages in the order they were sent: once the next bay's notification is raised, a second raising of
  // the first would have happened already.
  await redBay('Vaskehall 2', nextKey);
  const titles = async () => (await all()).map((r) => r.title);
  const nextTitle = `Kritisk: ${locationName} – Vaskehall 2`;
  await expect.poll(async () => (await titles()).includes(nextTitle), { timeout: 20_000 }).toBe(true);
  expect((await titles()).sort()).toEqual([raised?.title, nextTitle].sort());

  await setTemperature(request, simulator, key, 20);
  await setTemperature(request, simulator, nextKey, 20);
});
