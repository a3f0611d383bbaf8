import { type APIRequestContext, expect, test } from '@playwright/test';
import { createUser, uniqueName } from '../helpers/data';
import { waitForMail } from '../helpers/mail';
import { adminApi, tokenFor } from '../helpers/session';
import {
  bindTemperature,
  setTemperature,
  simulatorLocation,
  temperatureAttribute,
  waitForOpenAlert,
} from '../helpers/simulator';
import { baseURL } from '../playwright.config';

/*
 * Deep links by role (issue 24; docs/domain.md, Notifications): a real alert e-mail to an operator links to
 * the dashboard with the bay's panel open — the bay's own page is for admins — and an operator who is
 * signed out and follows it lands there after signing in, reading the value in its words.
 */

test.use({ actionTimeout: 15_000 });

/** A facility with one bay whose temperature is shown as 'Vanntemperatur', in °C, and an operator told of it. */
async function setUp(request: APIRequestContext) {
  const simulator = await simulatorLocation(request);
  const key = simulator.bays[0]?.key;
  if (!key) throw new Error('the simulator has no bay');
  const api = await adminApi(request);
  const locationName = uniqueName('Lenke');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 4',
    postalCode: '0150',
    city: 'Oslo',
  });
  const bay = await api<{ id: string; name: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: uniqueName('Hall'),
    status: 'operational',
  });
  const metric = await temperatureAttribute(request, simulator);
  await bindTemperature(request, { bayId: bay.id, apiMetricId: metric.id, key });
  const [bound] = await api<{ id: string }[]>('POST', 'backend/bays/metrics/get', {
    page: 1,
    perPage: 5,
    filters: { bayId: bay.id },
  });
  if (!bound) throw new Error('no bay attribute');
  await api('PATCH', 'backend/bays/metrics/update', {
    id: bound.id,
    displayName: 'Vanntemperatur',
    unit: '°C',
  });

  const operator = await createUser(request, await tokenFor(request), { role: 'operator' });
  await api('POST', 'backend/users/access/create', { userId: operator.id, locationId: location.id });
  await api('POST', 'backend/settings/notifications/create', {
    recipient: { kind: 'user', userId: operator.id },
    tags: ['critical'],
    allLocations: false,
    locationIds: [location.id],
  });
  return { simulator, key, bay, locationName, operator };
}

test("an operator follows an alert e-mail's link while signed out and, once signed in, has the bay's panel open", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { simulator, key, bay, locationName, operator } = await setUp(request);
  try {
    await setTemperature(request, simulator, key, 95.5);
    await waitForOpenAlert(request, bay.id);
    const mail = await waitForMail(request, operator.email, {
      timeoutMs: 30_000,
      where: (m) => m.subject.startsWith('Kritisk'),
      description: 'the critical alert',
    });

    // The incident's e-mail (decision 033) says the cause's value in its words, and links where an operator
    // may go.
    expect(mail.subject).toBe(`Kritisk: ${locationName} – ${bay.name}`);
    expect(mail.text).toContain('Vanntemperatur 95,5\u00a0°C · kritisk over 90\u00a0°C');
    expect(mail.text).not.toContain('temperature');
    const link = /Åpne vaskehallen: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBe(`${baseURL}/?bay=${bay.id}`);

    // Signed out (a fresh browser), the link asks for a sign-in first...
    await page.goto(link as string);
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
    await page.getByLabel('E-post').fill(operator.email);
    await page.getByLabel('Passord', { exact: true }).fill(operator.password);
    await page.getByRole('button', { name: 'Fortsett' }).click();

    // ...and then opens what it points at: the dashboard with the bay's panel.
    await expect(page).toHaveURL(new RegExp(`/\\?bay=${bay.id}$`));
    await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
    const panel = page.getByRole('dialog', { name: bay.name });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(locationName)).toBeVisible();
    const why = panel.getByRole('region', { name: 'Hvorfor denne statusen' });
    const row = why.locator('[data-metric="Vanntemperatur"]');
    await expect(row).toHaveAttribute('data-level', 'critical');
    await expect(row.getByText('Vanntemperatur', { exact: true })).toBeVisible();
    await expect(row.getByText('95,5\u00a0°C', { exact: true })).toBeVisible();
    await expect(row.getByText('kritisk over 90\u00a0°C', { exact: true })).toBeVisible();
  } finally {
    await setTemperature(request, simulator, key, 20);
  }
});
