import { expect, type Page, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { adminApi, signIn } from '../helpers/session';
import { pickOption } from '../helpers/ui';

const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Brødsmulesti' });

test('a bay shows its names in the breadcrumbs, the facility log filters, a system setting changes', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const locationName = uniqueName('Vask Sentrum');
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name: locationName,
    address: 'Storgata 1',
    postalCode: '0155',
    city: 'Oslo',
  });
  const bay = await api<{ id: string }>('POST', 'backend/bays/create', {
    locationId: location.id,
    name: 'Vaskehall 2',
  });
  await api('POST', 'backend/bays/create', { locationId: location.id, name: 'Vaskehall 3' });
  await api('PATCH', 'backend/bays/update', { id: bay.id, name: 'Vaskehall 2 Nord' });
  const settings = await api<{ checkLogRetentionDays: number }>('POST', 'backend/settings/get', {});

  await signIn(page);
  await page.goto(`/locations/${location.id}/bays/${bay.id}/links`);
  const crumbs = breadcrumbs(page);
  await expect(crumbs.getByRole('link', { name: locationName })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Vaskehall 2 Nord' })).toBeVisible();
  await expect(crumbs.getByText('Lenker', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Vaskehall 2 Nord/);

  // The facility's crumb leads to the facility, its log tab to who changed what.
  await crumbs.getByRole('link', { name: locationName }).click();
  await page.getByRole('tab', { name: 'Logg' }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/${location.id}/logs$`));
  const log = page.getByRole('table', { name: 'Logg' });
  await expect(log.getByText('Anlegg opprettet')).toBeVisible();
  await expect(log.getByText('Vaskehall opprettet')).toHaveCount(2);

  await pickOption(page, 'Type', 'Vaskehall endret', 'endret');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByText('Vaskehall 2 Nord (name)')).toBeVisible();
  await pickOption(page, 'Vaskehall', 'Vaskehall 3');
  await expect(page.getByText('Fant ingen data')).toBeVisible();
  await pickOption(page, 'Type', 'Vaskehall opprettet', 'opprettet');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Vaskehall 3');
  // No API feeds these bays: no failed checks.
  await page.getByText('Feilede sjekker', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Feilede sjekker' })).toBeChecked();
  await expect(page.getByText('Fant ingen data')).toBeVisible();

  // A superadmin changes how long the check log is kept; the saved value is there after a reload.
  const kept = settings.checkLogRetentionDays === 45 ? 46 : 45;
  await page.goto('/admin/settings/general');
  const field = page.getByRole('textbox', { name: 'Sjekklogg' });
  await field.fill(String(kept));
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('Systeminnstillingene er lagret')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Sjekklogg' })).toHaveValue(`${kept} dager`);
  await api('PATCH', 'backend/settings/update', { checkLogRetentionDays: settings.checkLogRetentionDays });
});
