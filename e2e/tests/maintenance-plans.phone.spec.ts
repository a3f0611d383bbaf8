import { expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, type TestUser } from '../helpers/data';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import { criticalLocation } from '../helpers/simulator';
import { bayTile, dashboardCard, expectNoHorizontalOverflow } from '../helpers/ui';

/*
 * Issue 25, planned maintenance on the technician's phone (390 × 844, by taps): the operator plans a
 * weekly job from the bay panel ('Planlegg'); the form fits the screen and answers bad input in Norwegian
 * under its field; the plan shows as 'Planlagt' on the panel and the dashboard's maintenance card, and
 * is deleted after a question; an admin finds a plan on the facility's and the bay's pages (admins' pages). That the bay then enters and leaves maintenance on
 * time is the server's integration test (maintenance-plans.int.test.ts, on an injected clock).
 */

test.use({ actionTimeout: 15_000 });

interface Setup {
  locationId: string;
  locationName: string;
  bay: { id: string; name: string };
  operator: TestUser;
}

let setup: Setup;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const { locationId, locationName, bays } = await criticalLocation(request, 'Plan', 1);
  const [bay] = bays;
  if (!bay) throw new Error('no bay');
  const api = await adminApi(request);
  const operator = await createUser(request, await tokenFor(request), { role: 'operator' });
  await api('POST', 'backend/users/access/create', { userId: operator.id, locationId });
  setup = { locationId, locationName, bay, operator };
});

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

/** The chip of the weekday now checked in the form, by its input's accessible name. */
async function checkedWeekday(form: Locator): Promise<string> {
  const checked = form.locator('[data-weekdays]').getByRole('checkbox', { checked: true });
  await expect(checked).toHaveCount(1);
  return (await checked.getAttribute('aria-label')) ?? '';
}

/** Taps a weekday chip (its label: the input itself is hidden). */
async function tapWeekday(page: Page, form: Locator, name: string) {
  const id = await form.getByRole('checkbox', { name, exact: true }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).tap();
}

test('the operator plans weekly maintenance from the bay panel on a phone, sees it as Planlagt on the panel and the dashboard and deletes it', async ({
  page,
}) => {
  const { locationName, bay, operator } = setup;
  await signIn(page, operator.email, operator.password);
  await bayTile(dashboardCard(page, locationName), bay.name).tap();
  const panel = page.getByRole('dialog', { name: bay.name });
  const maintenance = panel.getByRole('region', { name: 'Vedlikehold', exact: true });
  const planned = maintenance.getByRole('region', { name: 'Planlagt' });
  await expect(planned.getByText('Ingen planlagt vedlikehold')).toBeVisible();

  await maintenance.getByRole('button', { name: 'Planlegg vedlikehold' }).tap();
  const form = page.getByRole('dialog', { name: 'Planlegg vedlikehold' });
  await expect(form).toBeVisible();
  await expectNoHorizontalOverflow(page, 'Planlegg vedlikehold');

  // Weekly: the start's own weekday is picked; without any, and without a person, the form says why.
  await form.getByRole('radiogroup', { name: 'Gjentas' }).getByText('Uker', { exact: true }).tap();
  const weekday = await checkedWeekday(form);
  await expectNoHorizontalOverflow(page, 'Planlegg vedlikehold, ukentlig');
  await expect(form.getByText('De neste gangene (norsk tid)')).toBeVisible();
  await tapWeekday(page, form, weekday);
  await form.getByRole('button', { name: 'Planlegg vedlikehold' }).tap();
  await expect(form.getByText('Velg minst én ukedag')).toBeVisible();
  await expect(form.getByText('Du må velge en bruker')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'Planlegg vedlikehold med feil');

  await tapWeekday(page, form, weekday);
  await form.getByRole('combobox', { name: 'Bruker', exact: true }).tap();
  await page.getByRole('option', { name: fullName(operator), exact: true }).tap();
  await form.getByRole('button', { name: 'Planlegg vedlikehold' }).tap();
  await expect(form).toBeHidden();
  await expect(
    page.getByRole('alert').filter({ hasText: `Vedlikehold planlagt på ${bay.name}` }),
  ).toBeVisible();

  const item = planned.locator('[data-plan-id]');
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Planlagt', { exact: true })).toBeVisible();
  await expect(item).toContainText(
    new RegExp(`Hver uke: ${weekday} kl\\. \\d\\d:00 · ${fullName(operator)}`),
  );
  await expectNoHorizontalOverflow(page, 'vaskehallpanelet med en plan');

  // The dashboard's maintenance card lists it under 'Planlagt', with its bay.
  await panel.getByRole('button', { name: 'Lukk' }).tap();
  const card = page.getByRole('region', { name: 'Pågående vedlikehold' });
  const openPlan = card.getByRole('button', {
    name: `Åpne planlagt vedlikehold på ${bay.name}, ${locationName}`,
  });
  await expect(openPlan).toContainText('Planlagt');
  await expectNoHorizontalOverflow(page, 'oversikten med en plan');

  // Deleted from the panel after a question.
  await openPlan.tap();
  await expect(panel).toBeVisible();
  await planned.getByRole('button', { name: `Slett planen for ${bay.name}` }).tap();
  const confirm = page.getByRole('dialog', { name: 'Slett plan' });
  await expect(confirm).toContainText(`Vil du slette planen for ${bay.name}?`);
  await confirm.getByRole('button', { name: 'Slett plan' }).tap();
  await expect(
    page.getByRole('alert').filter({ hasText: `Planen for ${bay.name} er slettet` }),
  ).toBeVisible();
  await expect(planned.getByText('Ingen planlagt vedlikehold')).toBeVisible();
});

test("an admin finds a plan on the facility's and the bay's pages and deletes it there", async ({
  page,
  request,
}) => {
  const { locationId, locationName, bay, operator } = setup;
  const api = await adminApi(request);
  // Every Monday, Wednesday and Friday 06:00–08:00 Oslo time, from tomorrow.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await api('POST', 'backend/bays/maintenance/plans/create', {
    bayId: bay.id,
    startsAt: `${tomorrow}T06:00:00+01:00`,
    endsAt: `${tomorrow}T08:00:00+01:00`,
    repeat: { kind: 'weeks', every: 1, weekdays: [5, 1, 3] },
    type: 'longtermservice',
    assigneeId: operator.id,
    reminderHours: 1,
    reminderMinutes: 0,
  });
  await signIn(page);

  await page.goto(`/locations/${locationId}/bays/${bay.id}`);
  const onBay = page
    .getByRole('region', { name: 'Vedlikehold', exact: true })
    .getByRole('region', { name: 'Planlagt' });
  await expect(onBay.locator('[data-plan-id]')).toContainText(
    /Hver uke: mandag, onsdag og fredag kl\. 0[67]:00/,
  );
  await expect(onBay).toContainText('Langtidsservice');
  await expectNoHorizontalOverflow(page, 'vaskehallens side med en plan');

  await page.goto(`/locations/${locationId}`);
  const locationPlans = page.getByRole('region', { name: 'Planlagt vedlikehold' });
  await expect(locationPlans.locator('[data-plan-id]')).toHaveCount(1);
  await expect(locationPlans).toContainText(`${bay.name} · ${locationName}`);
  await expectNoHorizontalOverflow(page, 'anleggets side med en plan');
  await locationPlans.getByRole('button', { name: `Slett planen for ${bay.name}` }).tap();
  const confirm = page.getByRole('dialog', { name: 'Slett plan' });
  await confirm.getByRole('button', { name: 'Slett plan' }).tap();
  await expect(locationPlans.getByText('Ingen planlagt vedlikehold')).toBeVisible();
});
