import { expect, type Page, test } from '@playwright/test';
import { createUser, type TestUser, uniqueName } from '../helpers/data';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import { criticalLocation } from '../helpers/simulator';
import { bayTile, dashboardCard, expectTileStatus } from '../helpers/ui';

/*
 * The dashboard's bay panel: an operator of a facility opens a red tile, sees why it is red (the attribute
 * over its critical threshold) and takes the alert ('Jeg ser på det'). An operator without access to the
 * facility sees neither its tiles nor its alerts. The same on a phone, by taps: phone-operator.phone.spec.ts.
 * A bay not monitored is named on the status card that counts it.
 */

// An action that cannot find its element fails after a while, not at the end of the long test.
test.use({ actionTimeout: 15_000 });

interface Setup {
  locationName: string;
  /** The API attribute, named apart from other tests' 'Temperatur' (they pick theirs by name). */
  attribute: string;
  bays: { id: string; name: string }[];
  operator: TestUser;
  outsider: TestUser;
}

let setup: Setup;

/**
 * A facility with two bays whose names share their first word, both red (a critical temperature); an
 * operator with access and one without.
 */
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const { locationId, locationName, attribute, bays } = await criticalLocation(request, 'Panel', 2);
  const api = await adminApi(request);
  const token = await tokenFor(request);
  const operator = await createUser(request, token, { role: 'operator' });
  const outsider = await createUser(request, token, { role: 'operator' });
  await api('POST', 'backend/users/access/create', { userId: operator.id, locationId });
  setup = { locationName, attribute, bays, operator, outsider };
});

/** Opens the bay's red tile, checks why it is red and takes its alert. */
async function openTileAndAcknowledge(page: Page, bay: { id: string; name: string }, tileText: string) {
  const { locationName, attribute, operator } = setup;
  await signIn(page, operator.email, operator.password);
  const tile = bayTile(dashboardCard(page, locationName), bay.name);
  await expectTileStatus(tile, bay.name, 'error');
  // The tile shows what tells the bays apart; the full name is in its label and in the panel.
  await expect(tile).toHaveText(tileText);
  await tile.click();

  await expect(page).toHaveURL(new RegExp(`[?&]bay=${bay.id}`));
  const panel = page.getByRole('dialog', { name: bay.name });
  await expect(panel.getByText(locationName)).toBeVisible();
  await expect(panel.getByText('Feil', { exact: true })).toBeVisible();

  const why = panel.getByRole('region', { name: 'Hvorfor denne statusen' });
  await expect(why.getByText(attribute, { exact: true })).toBeVisible();
  await expect(why.getByText('95', { exact: true })).toBeVisible();
  // Why, in words (docs/domain.md, Words): the level and the threshold that holds.
  await expect(why.getByText('kritisk over 90', { exact: true })).toBeVisible();

  // A reload keeps the panel open: its state is in the address.
  await page.reload();
  await expect(panel).toBeVisible();

  const alerts = panel.getByRole('region', { name: 'Åpne varsler' });
  await alerts.getByRole('button', { name: `Jeg ser på det: ${bay.name}, ${attribute}` }).click();
  await expect(page.getByText('Varselet er kvittert: du ser på det')).toBeVisible();
  await expect(alerts.getByText(`${operator.firstName} ${operator.lastName} ser på det`)).toBeVisible();
  await expect(alerts.getByRole('button', { name: /Jeg ser på det/ })).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]bay=/);
}

test('an operator opens a red tile, sees the attribute over its threshold and takes the alert', async ({
  page,
}) => {
  const [first] = setup.bays;
  if (!first) throw new Error('no bay');
  await openTileAndAcknowledge(page, first, '1');

  // The open alerts on the dashboard show who is on it, and open the bay's panel too.
  const list = page.getByRole('region', { name: 'Åpne varsler' });
  const item = list.getByRole('button', {
    name: `Åpne ${first.name} på ${setup.locationName}: ${setup.attribute}`,
  });
  await item.click();
  await expect(page.getByRole('dialog', { name: first.name })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: first.name })).toBeHidden();
});

test('an operator without access to the facility sees neither its tiles nor its alerts', async ({ page }) => {
  const { outsider, locationName, attribute, bays } = setup;
  await signIn(page, outsider.email, outsider.password);
  await expect(dashboardCard(page, locationName)).toHaveCount(0);
  await expect(page.getByText(locationName)).toHaveCount(0);

  // Even with the bay in the address, the panel has nothing to show.
  await page.goto(`/?bay=${bays[0]?.id}`);
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Fant ingen data')).toBeVisible();
  await expect(panel.getByText(attribute)).toHaveCount(0);
});

test('a bay not monitored is named on the status card that counts it, not only in the total', async ({
  page,
  request,
}) => {
  // A facility of one bay without attributes: set to 'I drift' by hand, so it is not monitored.
  const api = await adminApi(request);
  const locationName = uniqueName('Uovervåket');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Testveien 5',
    postalCode: '0150',
    city: 'Oslo',
  });
  const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: 'Hall 1',
  });
  const viewer = await createUser(request, await tokenFor(request), { role: 'operator' });
  await api('POST', 'backend/users/access/create', { userId: viewer.id, locationId: location.id });

  await signIn(page, viewer.email, viewer.password);
  const counts = page.getByRole('list', { name: 'Vaskehaller per status' });
  const operational = counts.locator('[data-bay-status="operational"]');
  await expect(operational).toContainText('1');
  await expect(operational.locator('[data-unmonitored]')).toHaveText(/hvorav 1 ikke overvåket/);
  await expect(counts.locator('[data-total] [data-unmonitored]')).toHaveText('1 ikke overvåket');
  // The other cards have none to name.
  await expect(counts.locator('[data-bay-status] [data-unmonitored]')).toHaveCount(1);

  // Its panel says why there is nothing to explain, rather than 'Fant ingen data'.
  await page.goto(`/?bay=${bay.id}`);
  const why = page
    .getByRole('dialog', { name: 'Hall 1' })
    .getByRole('region', { name: 'Hvorfor denne statusen' });
  await expect(why).toContainText('Ingen attributter leses: statusen er satt for hånd');
});
