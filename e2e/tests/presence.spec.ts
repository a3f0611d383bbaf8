import { expect, test } from '@playwright/test';
import { api, createUser, uniqueName } from '../helpers/data';
import { signIn, tokenFor } from '../helpers/session';

test('an admin sees an operator come online on the dashboard and in the header, and go again', async ({
  page,
  browser,
  request,
}) => {
  const admin = await tokenFor(request);
  // The dashboard shows its cards once there is a facility to show.
  await api(request, admin, 'POST', 'backend/locations/create', {
    name: uniqueName('Anlegg'),
    address: 'Storgata 1',
    postalCode: '0150',
    city: 'Oslo',
    isVisibleInDashboard: true,
  });
  const operator = await createUser(request, admin, { role: 'operator' });
  const name = `${operator.firstName} ${operator.lastName}`;

  await signIn(page);
  const card = page.getByRole('region', { name: 'Hvem er pålogget' });
  await expect(card.getByText('Bare du er pålogget nå')).toBeVisible();

  const operatorContext = await browser.newContext();
  await test.step('the operator signs in in another browser', async () => {
    const operatorPage = await operatorContext.newPage();
    await signIn(operatorPage, operator.email, operator.password);
    await expect(card.getByText(name)).toBeVisible();
    await expect(card.getByText(operator.email)).toBeVisible();
    const header = page.getByRole('group', { name: '1 annen pålogget' });
    await expect(header.getByLabel(name)).toBeVisible();
    await header.getByLabel(name).hover();
    await expect(page.getByRole('tooltip')).toContainText('Pålogget nå');
  });

  await test.step('a second tab of the operator counts once, with its tabs', async () => {
    const second = await operatorContext.newPage();
    await second.goto('/');
    await expect(second.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
    await expect(card.getByText('2 faner')).toBeVisible();
    await expect(card.getByText(name)).toHaveCount(1);
  });

  await test.step('the operator closes the browser and is gone', async () => {
    await operatorContext.close();
    await expect(card.getByText(name)).toBeHidden();
    await expect(card.getByText('Bare du er pålogget nå')).toBeVisible();
    await expect(page.getByRole('group', { name: /annen pålogget/ })).toHaveCount(0);
  });

  await test.step('the users list tells when the operator was last seen', async () => {
    await page.goto('/admin/users');
    await page.getByRole('textbox', { name: 'Søk i brukere' }).fill(operator.email);
    const row = page.getByRole('row', { name: new RegExp(operator.firstName) });
    await expect(row.getByText(/^Sist sett (for .* siden|nå)$/)).toBeVisible();
  });
});
