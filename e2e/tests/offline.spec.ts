import { expect, type Page, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { serviceWorkerActive } from '../helpers/service-worker';
import { adminApi, signIn } from '../helpers/session';
import { criticalLocation, setTemperature, simulatorLocation } from '../helpers/simulator';
import { dashboardCard } from '../helpers/ui';

/*
 * The installed app without a network (docs/decisions/036-installable-app.md): after one visit, the app
 * opened with the network cut shows the last dashboard it saw with its age, read-only, and comes back
 * live by itself when the network returns.
 */

test.use({ actionTimeout: 15_000 });

/** The dashboard's answer is kept in this browser for offline use (lib/offline). */
async function dashboardKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('vaskedrift-offline-data');
        return (await cache.keys()).some((request) => request.url.includes('/dashboard/get'));
      }),
    )
    .toBe(true);
}

test('the manifest and the worker are served to install the app, revalidated on every visit', async ({
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({
    name: 'Vaskedrift',
    short_name: 'Vaskedrift',
    lang: 'nb',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: '#50CD89',
  });
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
});

test('opened offline, the app shows the last dashboard read-only with its age, and goes live again by itself', async ({
  page,
  context,
  request,
}) => {
  // A ceiling for a loaded 2-core machine, not a wait: alone the test takes 15–20 s.
  test.setTimeout(90_000);
  const { locationName, attribute, bays } = await criticalLocation(request, 'Frakoblet', 1);
  const bay = bays[0] as { id: string; name: string };

  await signIn(page);
  const card = dashboardCard(page, locationName);
  await expect(card).toBeVisible();
  const alerts = page.getByRole('region', { name: 'Åpne varsler' });
  // The bay's name repeats across facilities (the admin sees all of them); its attribute's name does not.
  const acknowledge = alerts.getByRole('button', {
    name: `Jeg ser på det: ${bay.name}, ${attribute}`,
    exact: true,
  });
  await expect(acknowledge).toBeEnabled();
  await serviceWorkerActive(page);
  await dashboardKept(page);

  await context.setOffline(true);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: /^Frakoblet · / });
  await expect(banner).toHaveText(/^Frakoblet · sist oppdatert \d{2}:\d{2}$/);
  await expect(card).toBeVisible();
  await expect(acknowledge).toBeDisabled();
  await expect(page.locator('[data-realtime-state="connected"]')).toHaveCount(0);

  // A facility created while this browser is offline shows once the network is back, with no reload.
  const api = await adminApi(request);
  const laterName = uniqueName('Etterpå');
  await api('POST', 'backend/locations/create', {
    name: laterName,
    address: 'Testveien 9',
    postalCode: '0150',
    city: 'Oslo',
  });
  await expect(dashboardCard(page, laterName)).toHaveCount(0);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.locator('[data-realtime-state="connected"]')).toBeVisible();
  await expect(dashboardCard(page, laterName)).toBeVisible();
  await expect(acknowledge).toBeEnabled();

  const simulator = await simulatorLocation(request);
  await setTemperature(request, simulator, simulator.bays[0]?.key ?? '', 20);
});

test('opened offline with nothing kept, the app says so', async ({ page, context }) => {
  await signIn(page);
  await serviceWorkerActive(page);
  await dashboardKept(page);
  // What this browser kept is gone (as after signing out); the shell is still precached.
  await page.evaluate(() => caches.delete('vaskedrift-offline-data'));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Frakoblet · / })).toHaveText(
    'Frakoblet · ingen lagrede data',
  );
  await context.setOffline(false);
});

test('a new version waits for "Oppdater", then the page reloads on it', async ({ page }) => {
  await signIn(page);
  await serviceWorkerActive(page);
  const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  await expect.poll(controller).toMatch(/\/sw\.js$/);

  // A newer worker for the same scope. The test cannot change the file the server sends, so the browser is
  // given it under another script URL, which it installs as an update just the same.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?neste', { scope: '/' }));
  const prompt = page.getByRole('alert').filter({ hasText: 'En ny versjon er klar' });
  await expect(prompt).toBeVisible();
  // Installed and waiting: the page still runs on the worker it was loaded with.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null))
    .toBe(true);
  expect(await controller()).toMatch(/\/sw\.js$/);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Oppdater' }).click()]);
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
  expect(await controller()).toMatch(/\/sw\.js\?neste$/);
});
