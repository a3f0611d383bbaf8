import { expect, test } from '@playwright/test';
import { createUser } from '../helpers/data';
import { signIn, tokenFor } from '../helpers/session';
import { openUserMenu, pickOption } from '../helpers/ui';

test('a user switches the interface to English; it is fetched on demand and sticks after reload', async ({
  page,
  request,
}) => {
  const user = await createUser(request, await tokenFor(request), { role: 'user' });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('link', { name: 'Oversikt' })).toBeVisible();

  const englishFetched = page.waitForRequest((r) => /\/assets\/en-[\w-]+\.js$/.test(r.url()));
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Innstillinger' }).click();
  await pickOption(page, 'Språk', 'English');
  await page.getByRole('button', { name: 'Lagre innstillinger' }).click();
  await englishFetched;
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Oversikt' })).toHaveCount(0);
});
