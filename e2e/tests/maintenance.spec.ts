import { expect, type Page, test } from '@playwright/test';
import { createUser, type TestUser } from '../helpers/data';
import { waitForMail } from '../helpers/mail';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import { criticalLocation } from '../helpers/simulator';
import { bayTile, dashboardCard, expectTileStatus, pickOption } from '../helpers/ui';

/*
 * Issue 10, "from a red tile to the right technician and back": an operator of a facility opens a red
 * tile, starts maintenance assigned to a colleague with a reminder every minute (the tile turns to
 * maintenance at once), the colleague gets the e-mail that the job is theirs and, a minute later, the
 * reminder; the operator ends it (asked first; the tile follows the bay's real, still critical value
 * again) and finds the job with its duration in the bay's history (on a phone, by taps:
 * phone-operator.phone.spec.ts). A 'user' sees the running job, not the buttons. An admin finds the job on the bay's and the facility's pages, beside the 30 days'
 * figures.
 */

test.use({ actionTimeout: 15_000 });

interface Setup {
  locationId: string;
  locationName: string;
  bays: { id: string; name: string }[];
  operator: TestUser;
  colleague: TestUser;
  reader: TestUser;
}

let setup: Setup;

/** A facility with red bays; an operator, a colleague (operator) and a 'user', all with access. */
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const { locationId, locationName, bays } = await criticalLocation(request, 'Vedlikehold', 2);
  const api = await adminApi(request);
  const token = await tokenFor(request);
  const operator = await createUser(request, token, { role: 'operator' });
  const colleague = await createUser(request, token, { role: 'operator' });
  const reader = await createUser(request, token, { role: 'user' });
  for (const user of [operator, colleague, reader]) {
    await api('POST', 'backend/users/access/create', { userId: user.id, locationId });
  }
  setup = { locationId, locationName, bays, operator, colleague, reader };
});

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

/** The dashboard's panel of `bay`, opened from its tile. */
async function openPanel(page: Page, bay: { name: string }) {
  await bayTile(dashboardCard(page, setup.locationName), bay.name).click();
  const panel = page.getByRole('dialog', { name: bay.name });
  await expect(panel).toBeVisible();
  return panel;
}

async function closePanel(page: Page, bay: { name: string }) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: bay.name })).toBeHidden();
}

/**
 * The operator's whole round: red tile → maintenance for the colleague, reminded every minute →
 * `whileRunning` (what else is checked while the job runs) → ended → red again, in history.
 */
async function maintainBay(
  page: Page,
  bay: { id: string; name: string },
  whileRunning?: () => Promise<void>,
) {
  const { locationName, operator, colleague } = setup;
  await signIn(page, operator.email, operator.password);
  const tile = bayTile(dashboardCard(page, locationName), bay.name);
  await expectTileStatus(tile, bay.name, 'error');

  const panel = await openPanel(page, bay);
  const maintenance = panel.getByRole('region', { name: 'Vedlikehold', exact: true });
  await expect(maintenance.getByText('Ingen pågående vedlikehold')).toBeVisible();
  await maintenance.getByRole('button', { name: 'Start vedlikehold' }).click();

  const form = page.getByRole('dialog', { name: 'Start vedlikehold' });
  // Nobody picked yet: the shared rule answers in Norwegian before anything is sent.
  await form.getByRole('button', { name: 'Start vedlikehold' }).click();
  await expect(form.getByText('Du må velge en bruker')).toBeVisible();
  await pickOption(form, 'Bruker', fullName(colleague), colleague.firstName);
  await form.getByLabel('Beskrivelse').fill('Bytter dyse på høytrykksrampen');
  // A reminder every minute instead of the hour the form suggests.
  await form.getByRole('textbox', { name: 'Timer', exact: true }).fill('0');
  await form.getByRole('textbox', { name: 'Minutter', exact: true }).fill('1');
  await form.getByRole('button', { name: 'Start vedlikehold' }).click();
  await expect(page.getByText(`Vedlikehold startet på ${bay.name}`)).toBeVisible();
  await expect(form).toBeHidden();

  await expect(maintenance.getByText(fullName(colleague))).toBeVisible();
  await expect(maintenance.getByText('Service', { exact: true })).toBeVisible();
  await expect(maintenance.getByText('Bytter dyse på høytrykksrampen')).toBeVisible();
  await expect(maintenance.getByText(fullName(operator))).toBeVisible();
  await closePanel(page, bay);
  await expectTileStatus(tile, bay.name, 'maintenance');
  await whileRunning?.();
  await expectTileStatus(tile, bay.name, 'maintenance');

  // The dashboard's running jobs list it, and open its panel.
  const running = page.getByRole('region', { name: 'Pågående vedlikehold' });
  await running.getByRole('button', { name: `Åpne ${bay.name} på ${locationName}` }).click();
  const again = page.getByRole('dialog', { name: bay.name });
  const section = again.getByRole('region', { name: 'Vedlikehold', exact: true });
  await section.getByRole('button', { name: 'Avslutt vedlikehold' }).click();
  const confirm = page.getByRole('dialog', { name: 'Avslutt vedlikehold' });
  await expect(confirm.getByText(`Vil du avslutte vedlikeholdet på ${bay.name}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Avslutt vedlikehold' }).click();
  await expect(page.getByText(`Vedlikehold avsluttet på ${bay.name}`)).toBeVisible();
  await expect(section.getByText('Ingen pågående vedlikehold')).toBeVisible();

  // The job is in the bay's history, ended, with how long it took.
  const history = again.getByRole('region', { name: 'Vedlikeholdshistorikk' });
  const job = history.locator('[data-ended="true"]');
  await expect(job).toHaveCount(1);
  await expect(job).toContainText(fullName(colleague));
  await expect(job.locator('[data-duration]')).toHaveText(/^(under 1 min|\d+ min)$/);

  await closePanel(page, bay);
  // The simulator still reports 95: the bay is red again at once, without waiting for a check.
  await expectTileStatus(tile, bay.name, 'error');
  await expect(running.getByText('Ingen vaskehaller er i vedlikehold nå')).toBeVisible();
}

test('an operator starts maintenance for a colleague on a red tile, the colleague gets the e-mail and the reminder a minute later, the operator ends it and finds it in the history', async ({
  page,
  request,
}) => {
  // The reminder is due a minute after the start, and the reminder worker looks every 15 s.
  test.setTimeout(150_000);
  const { locationName, operator, colleague } = setup;
  const [bay] = setup.bays;
  if (!bay) throw new Error('no bay');
  const before = Date.now();
  await maintainBay(page, bay, async () => {
    const place = `${locationName} – ${bay.name}`;
    // Named the one responsible, with what, where and who started it, and a link to the bay.
    const started = await waitForMail(request, colleague.email, {
      where: (mail) => mail.subject === `Vedlikehold startet: ${place}`,
      description: `vedlikehold startet: ${place}`,
    });
    expect(started.text).toContain(`Anlegg: ${locationName}`);
    expect(started.text).toContain(`Vaskehall: ${bay.name}`);
    expect(started.text).toContain(`Ansvarlig: ${fullName(colleague)} <${colleague.email}>`);
    expect(started.text).toMatch(new RegExp(`Startet: .+ av ${fullName(operator)}`));
    expect(started.text).toContain('Type: Service');
    expect(started.text).toContain('Beskrivelse: Bytter dyse på høytrykksrampen');
    // An operator may not open the bay's page: the link opens its panel on the dashboard.
    expect(started.text).toContain(`/?bay=${bay.id}`);

    // The first reminder, a minute after the start (the form's 0 hours and 1 minute), not before.
    const reminder = await waitForMail(request, colleague.email, {
      timeoutMs: 110_000,
      where: (mail) => mail.subject.startsWith('Påminnelse') && mail.subject.endsWith(place),
      description: `påminnelse om ${place}`,
    });
    expect(reminder.subject).toBe(`Påminnelse 1: vedlikehold pågår: ${place}`);
    expect(reminder.text).toContain(`Ansvarlig: ${fullName(colleague)} <${colleague.email}>`);
    expect(reminder.text).toContain('Påminnelse nr.: 1');
    expect(Date.parse(reminder.receivedAt) - before).toBeGreaterThanOrEqual(60_000);

    // The operator who started it was not told: the job is the colleague's, and nobody asked for more.
    await expect(waitForMail(request, operator.email, { timeoutMs: 0 })).rejects.toThrow(/ingen e-post/);
  });
});

test("a 'user' sees the running job, overdue, but no start, change or end", async ({ page, request }) => {
  const { reader, colleague, locationName } = setup;
  const [bay] = setup.bays;
  if (!bay) throw new Error('no bay');
  const api = await adminApi(request);
  // Started two hours ago, expected done an hour ago: overdue.
  await api('POST', 'backend/bays/maintenance/start', {
    bayId: bay.id,
    type: 'longtermservice',
    assigneeId: colleague.id,
    startedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
    reminderHours: 1,
    reminderMinutes: 0,
  });
  try {
    await signIn(page, reader.email, reader.password);
    const tile = bayTile(dashboardCard(page, locationName), bay.name);
    await expectTileStatus(tile, bay.name, 'maintenance');
    const running = page.getByRole('region', { name: 'Pågående vedlikehold' });
    const item = running.getByRole('button', { name: `Åpne ${bay.name} på ${locationName}` });
    await expect(item).toContainText('Forsinket');
    await expect(item).toContainText(fullName(colleague));

    const panel = await openPanel(page, bay);
    const maintenance = panel.getByRole('region', { name: 'Vedlikehold', exact: true });
    await expect(maintenance.getByText('Langtidsservice')).toBeVisible();
    await expect(maintenance.getByText(fullName(colleague))).toBeVisible();
    await expect(maintenance.getByText('Forsinket')).toBeVisible();
    await expect(maintenance.getByRole('button')).toHaveCount(0);
  } finally {
    await api('POST', 'backend/bays/maintenance/end', { bayId: bay.id });
  }
});

test("the bay's page and the facility's page list the job with its duration, and the 30 days' figures", async ({
  page,
  request,
}) => {
  const { locationId, colleague } = setup;
  const [, bay] = setup.bays;
  if (!bay) throw new Error('no bay');
  const api = await adminApi(request);
  const job = await api<{ id: string }>('POST', 'backend/bays/maintenance/start', {
    bayId: bay.id,
    type: 'longtermservice',
    assigneeId: colleague.id,
    reminderHours: 2,
    reminderMinutes: 15,
  });
  await api('POST', 'backend/bays/maintenance/end', { bayId: bay.id });

  await signIn(page);
  await page.goto(`/locations/${locationId}/bays/${bay.id}`);
  const history = page.getByRole('region', { name: 'Vedlikeholdshistorikk' });
  const row = history.locator(`[data-maintenance-id="${job.id}"]`);
  await expect(row).toContainText('Langtidsservice');
  await expect(row).toContainText(fullName(colleague));
  await expect(row).toContainText(/under 1 min|\d+ min/);
  await expect(row).toHaveAttribute('data-ended', 'true');
  const figures = page.getByRole('region', { name: 'Siste 30 dager' });
  await expect(figures.getByText('Nedetid')).toBeVisible();
  await expect(figures.getByText('MTTR', { exact: true })).toBeVisible();
  // The bay's attributes and its open alert are on its page too.
  await expect(page.getByRole('region', { name: 'Attributter' }).getByText('temperature')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Åpne varsler' }).locator('[data-alert-level="critical"]'),
  ).toHaveCount(1);

  await page.goto(`/locations/${locationId}`);
  const locationRow = page
    .getByRole('region', { name: 'Vedlikeholdshistorikk' })
    .locator(`[data-maintenance-id="${job.id}"]`);
  await expect(locationRow).toContainText(bay.name);
  await expect(locationRow).toContainText('Langtidsservice');
});
