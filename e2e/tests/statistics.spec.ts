import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { adminApi, signIn } from '../helpers/session';
import { bindTemperature, simulatorLocation, temperatureAttribute } from '../helpers/simulator';
import { pickOption } from '../helpers/ui';

/*
 * Statistics end to end: a bay bound to the simulator's temperature has readings after its first check;
 * an admin opens the bay's statistics (status timeline, the attribute's chart with its threshold lines)
 * and downloads the availability report of its facility as a CSV for Norwegian Excel. A second bay has no
 * attribute: it is marked 'Ikke overvåket' and shows 'Ingen data', never a figure, unusual values included
 * (docs/domain.md, Statistics).
 */

const CSV_HEADER =
  'Anlegg;Vaskehall;Tilgjengelighet (%);Nedetid (timer);Antall feil;Antall advarsler;MTTR (minutter);Vedlikehold (timer);Vask;Forventede vask;Tapte vask;Uvanlige verdier';

test('an admin sees a bay’s statistics and downloads the availability report as CSV', async ({
  page,
  request,
}) => {
  // The facility, its bay and the binding are set up through the API: they are not what this is about.
  const simulated = await simulatorLocation(request);
  const api = await adminApi(request);
  const locationName = uniqueName('Statistikk');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 3',
    postalCode: '0150',
    city: 'Oslo',
  });
  const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: 'Hall 1',
    status: 'operational',
  });
  const unmonitored = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: 'Hall 2',
  });
  const { id: apiMetricId } = await temperatureAttribute(request, simulated);
  await bindTemperature(request, { bayId: bay.id, apiMetricId, key: simulated.bays[0]?.key ?? 'hall-1' });
  const [bayMetric] = await api<{ id: string }[]>('POST', 'backend/bays/metrics/get', {
    page: 1,
    perPage: 10,
    filters: { bayId: bay.id },
  });
  // The simulator has run a while for this bay once its first check has stored a reading.
  await expect(async () => {
    const readings = await api<unknown[]>('POST', 'backend/bays/metrics/readings/get', {
      bayMetricId: bayMetric?.id,
    });
    expect(readings.length).toBeGreaterThan(0);
  }).toPass({ timeout: 35_000, intervals: [500, 1_000, 2_000] });

  await signIn(page);
  await page.goto(`/locations/${location.id}/bays/${bay.id}`);
  await page.getByRole('tab', { name: 'Statistikk' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  await page.getByRole('radiogroup', { name: 'Periode' }).getByText('24 t', { exact: true }).click();
  await expect(page).toHaveURL(/\/statistics\?range=24h$/);

  const timeline = page.getByRole('figure', { name: 'Statushistorikk' });
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline.locator('canvas')).toBeVisible();
  await expect(timeline.locator('[data-legend="status"]')).toHaveText(['I drift']);

  const chart = page.getByRole('figure', { name: /^Verdiene til Temperatur \w+ · temperature$/ });
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('[data-legend="threshold"]')).toHaveText(['Kritisk > 90', 'Advarsel > 70']);
  await expect(chart.locator('[data-legend="threshold"][data-level="critical"]')).toHaveText('Kritisk > 90');
  await expect(page.locator('[data-figure="Advarsler"]')).toBeVisible();
  // A watched temperature, nothing far from its normal yet: 0 unusual values, a count and not 'Ingen data'.
  await expect(page.locator('[data-figure="Uvanlige verdier"]')).toContainText('0');
  await expect(page.locator('[data-figure="Uvanlige verdier"]')).not.toContainText('Ingen data');

  // The bay without attributes: nothing measured, so nothing to show but that.
  await page.goto(`/locations/${location.id}/bays/${unmonitored.id}/statistics?range=24h`);
  await expect(page.locator('[data-figure="Tilgjengelighet"]')).toContainText('Ingen data');
  await expect(page.locator('[data-figure="Nedetid"]')).toContainText('Ingen data');
  await expect(page.getByText('Vaskehallen ble ikke overvåket i perioden')).toBeVisible();
  await expect(page.locator('[data-figure="Uvanlige verdier"]')).toContainText('Ingen data');

  // The availability report of that facility, from the menu, and its CSV.
  await page.getByRole('navigation').getByRole('link', { name: 'Tilgjengelighetsrapport' }).click();
  await expect(page.getByRole('heading', { name: 'Tilgjengelighetsrapport', level: 1 })).toBeVisible();
  await pickOption(page, 'Anlegg', locationName, locationName);
  const report = page.getByTestId('availability-report');
  await expect(report.getByRole('row')).toHaveCount(4);
  await expect(report.getByRole('row', { name: new RegExp(`${locationName} Hall 1`) })).toBeVisible();
  const unmonitoredRow = report.getByRole('row', { name: new RegExp(`${locationName} Hall 2`) });
  await expect(unmonitoredRow).toContainText('Ikke overvåket');
  await expect(unmonitoredRow).toContainText('Ingen data');
  await expect(page.getByTestId('availability-report-total')).toContainText('Totalt (kjeden)');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Last ned CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(new RegExp(`^${locationName};Hall 1;\\d+,\\d{2};`));
  // Never monitored: every figure measured from its status is an empty field, not 0 or 100.
  expect(lines[2]).toBe(`${locationName};Hall 2;;;;;;0,00;;;;`);
  expect(lines[3]).toMatch(/^Totalt;;/);
});
