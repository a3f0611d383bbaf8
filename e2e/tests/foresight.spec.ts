import { expect, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { adminApi, signIn } from '../helpers/session';
import { bayTile, dashboardCard } from '../helpers/ui';

/*
 * Foresight on the bay panel (docs/domain.md, Foresight): a controller pushes a bay's water pressure falling
 * steadily towards its critical threshold and a temperature that holds still, then jumps (still inside its
 * thresholds). The panel's 'Hvorfor denne statusen' shows 'Forventet kritisk om …' with its confidence for
 * the pressure, and 'Uvanlig' with the normal range for the temperature. Pushed, not polled: the values and
 * their pace are the test's own.
 */

test.use({ actionTimeout: 15_000 });

/** Between pushes: the model reads times off the server's clock, so the drift's pace is real. */
const PUSH_EVERY_MS = 600;
/** Bar a second: from 3,0 bar, critical (below 2) in about 33 minutes. */
const FALL_PER_SECOND = 0.0005;

test('a falling pressure is expected to turn critical, and a jump in temperature is unusual', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const api = await adminApi(request);
  const connection = await api<{ id: string; pushPath: string }>('POST', 'backend/apis/create', {
    name: uniqueName('Forvarsel'),
    // Never polled in the test's time: only pushes bring values.
    endpointUrl: 'http://10.255.255.1/status',
    checkInterval: 3600,
    details: { recordsPath: 'bays' },
  });
  const metric = await api<{ id: string }>('POST', 'backend/apis/metrics/create', {
    apiId: connection.id,
    name: uniqueName('Hallmålinger'),
    description: 'Trykk og temperatur i hallen',
    keyIdentifier: 'id',
    targetKeys: ['pressure', 'temp'],
  });
  const locationName = uniqueName('Forvarsel');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 4',
    postalCode: '0150',
    city: 'Oslo',
  });
  const bayName = uniqueName('Hall');
  const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: bayName,
    status: 'operational',
  });
  const attribute = (path: string, displayName: string, unit: string, t: Record<string, string>) =>
    api('POST', 'backend/bays/metrics/create', {
      bayId: bay.id,
      apiMetricId: metric.id,
      keyValue: 'hall-1',
      path,
      displayName,
      unit,
      type: 'number',
      thresholdInactive: '',
      // Every reading stored: the test's values are small steps.
      deadbandPercent: 0,
      ...t,
    });
  await attribute('pressure', 'Vanntrykk', 'bar', {
    operator: 'lt',
    thresholdCritical: '2',
    thresholdWarning: '2.5',
    thresholdActive: '100',
  });
  await attribute('temp', 'Vanntemperatur', '°C', {
    operator: 'gt',
    thresholdCritical: '90',
    thresholdWarning: '70',
    thresholdActive: '0',
  });

  const push = async (pressure: number, temp: number) => {
    const response = await request.post(connection.pushPath, {
      data: { bays: [{ id: 'hall-1', pressure, temp }] },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  // Fourteen readings: the week slot learns the temperature's normal, the pressure's trend shows.
  for (let i = 0; i < 14; i++) {
    await push(3 - FALL_PER_SECOND * ((i * PUSH_EVERY_MS) / 1000), 40 + (i % 3) * 0.3);
    await page.waitForTimeout(PUSH_EVERY_MS);
  }
  // The temperature jumps, far outside its normal but below its warning threshold (70).
  await push(3 - FALL_PER_SECOND * ((14 * PUSH_EVERY_MS) / 1000), 55);

  await signIn(page);
  await bayTile(dashboardCard(page, locationName), bayName).click();
  const why = page
    .getByRole('dialog', { name: bayName })
    .getByRole('region', { name: 'Hvorfor denne statusen' });
  const pressure = why.locator('[data-metric="Vanntrykk"]');
  await expect(pressure.getByText(/^Forventet kritisk om ca\. \d+ min/)).toBeVisible();
  await expect(pressure.getByText(/sikkerhet (høy|middels|lav)/)).toBeVisible();
  const temperature = why.locator('[data-metric="Vanntemperatur"]');
  await expect(temperature.getByText('Uvanlig', { exact: true })).toBeVisible();
  // The slot's normal (about 39,1–41,5) within what the temperature has read: 40–40,6.
  await expect(temperature.getByText(/^normalt 40(,0+)?–40,60*\s°C$/)).toBeVisible();
  // Nothing unusual about the pressure, nothing expected of the temperature.
  await expect(pressure.getByText('Uvanlig')).toHaveCount(0);
  await expect(temperature.getByText(/^Forventet/)).toHaveCount(0);

  await testInfo.attach('bay-panel-foresight', {
    body: await page.screenshot({ fullPage: false }),
    contentType: 'image/png',
  });

  // The bay page shows the same rows.
  await page.getByRole('dialog', { name: bayName }).getByRole('link', { name: 'Åpne vaskehallen' }).click();
  await expect(
    page.locator('[data-metric="Vanntrykk"]').getByText(/^Forventet kritisk om ca\. \d+ min/),
  ).toBeVisible();
  await expect(
    page.locator('[data-metric="Vanntemperatur"]').getByText('Uvanlig', { exact: true }),
  ).toBeVisible();
  await testInfo.attach('bay-page-foresight', { body: await page.screenshot(), contentType: 'image/png' });

  // And the tile's hover card on the dashboard: the soonest expected crossing.
  await page.goto('/');
  // Once the live channel is up: 'Hvem er pålogget' comes with it, after the first tiles, and moves them
  // down. A tile that moved out from under a resting pointer gets no pointerover until the pointer moves,
  // probably how the card stayed closed in CI (the cause is not proven). Hovered again from outside if it did not open, as a person
  // would move the mouse off and back.
  await expect(page.locator('[data-realtime-state="connected"]')).toBeVisible();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await bayTile(dashboardCard(page, locationName), bayName).hover();
    await expect(page.locator('[data-prediction="critical"]')).toContainText(
      /^Forventet kritisk om ca\. \d+ min/,
      { timeout: 3_000 },
    );
  }).toPass({ timeout: 20_000 });
  await testInfo.attach('hover-card-foresight', { body: await page.screenshot(), contentType: 'image/png' });
});
