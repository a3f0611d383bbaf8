import { expect, type Page, test } from '@playwright/test';
import { signIn, submitSignIn } from '../helpers/session';
import { ADMIN } from '../playwright.config';

/** The colour the theme's primary filled variant resolves to, read as the browser paints it. */
function primaryFilledColour(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
}

test('a signed-out visitor is sent to /sign-in from protected, unknown and legacy paths', async ({
  page,
}) => {
  for (const path of ['/', '/locations', '/finnes/ikke', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in/);
  }
  await expect(page.getByText('Glemt passord?')).toBeVisible();
});

test('the form explains bad input in Norwegian before asking the server', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('E-post').fill('ikke-en-epost');
  await page.getByLabel('Passord', { exact: true }).fill('kort');
  await page.getByRole('button', { name: 'Fortsett' }).click();
  await expect(page.getByText('Ugyldig e-postadresse')).toBeVisible();
  await expect(page.getByText('Passordet må være minst 8 tegn langt')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('a wrong password shows "Feil brukernavn eller passord"', async ({ page }) => {
  await submitSignIn(page, ADMIN.email, 'feil-passord-123');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Det oppstod et problem');
  await expect(alert).toContainText('Feil brukernavn eller passord');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('signing in lands on / in dark mode with the green primary colour, and survives a reload', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();
  await expect(page.getByText('Super Admin').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await primaryFilledColour(page)).toBe('rgb(80, 205, 137)');
  await expect(page).toHaveTitle(/Oversikt/);

  // A session restored from storage is logged as an automatic login.
  const autoLogin = page.waitForRequest((r) => r.url().endsWith('/api/v1/backend/logs/create'));
  await page.reload();
  expect((await autoLogin).postDataJSON()).toEqual({ type: 'users/login/auto' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();

  // A signed-in user opening the sign-in page is sent home.
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/$/);
});

test('after signing in, the app alone answers the browser history', async ({ page }) => {
  // The popstate listeners the page holds: the sign-in pages' router must let go of the history when the
  // app's router takes over in the same document (decision 040), or both answer every navigation.
  await page.addInitScript(() => {
    const live = new Set<unknown>();
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    window.addEventListener = ((
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: unknown,
    ) => {
      if (type === 'popstate') live.add(listener);
      add(type, listener, options as AddEventListenerOptions);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: unknown,
    ) => {
      if (type === 'popstate') live.delete(listener);
      remove(type, listener, options as EventListenerOptions);
    }) as typeof window.removeEventListener;
    Object.assign(window, { popstateListeners: () => live.size });
  });
  await signIn(page);
  expect(
    await page.evaluate(() => (window as unknown as { popstateListeners: () => number }).popstateListeners()),
  ).toBe(1);

  // Back and forward move between the app's pages, in the same document.
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Anlegg' }).click();
  await expect(page).toHaveURL(/\/locations/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/locations/);
  expect(
    await page.evaluate(() => (window as unknown as { popstateListeners: () => number }).popstateListeners()),
  ).toBe(1);
});

/**
 * Holds the user menu's code (decision 040: it comes after the first page) until `release()`; `asked` says
 * whether the page has asked for it.
 */
async function holdUserMenuCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { asked: false, release: () => release() };
  await page.route(/\/assets\/user-menu-[^/]*\.js$/, async (route) => {
    state.asked = true;
    await held;
    await route.continue();
  });
  return state;
}

/** Whether the menu's code has arrived (its response is in the page's resource timing). */
const userMenuCodeIn = (page: Page) =>
  page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/user-menu-[^/]*\.js$/.test(e.name)),
  );

test('the user menu opens for a click made before its code is in', async ({ page }) => {
  const code = await holdUserMenuCode(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();
  await page.getByRole('button', { name: 'Brukermeny' }).click();
  await expect.poll(() => code.asked).toBe(true);
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toHaveCount(0);
  code.release();
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toBeVisible();
});

test('the user menu opens for a press that began before its code came and ended after', async ({ page }) => {
  const code = await holdUserMenuCode(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();
  // Asked for once the first page is drawn; the press begins while it is held back.
  await expect.poll(() => code.asked).toBe(true);
  const box = await page.getByRole('button', { name: 'Brukermeny' }).boundingBox();
  if (!box) throw new Error('the user menu button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  code.release();
  await userMenuCodeIn(page);
  // Time for the menu to take the button over, were it to do so mid-press (the click would then be lost).
  await page.waitForTimeout(300);
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toBeVisible();
  // The menu has the button now: it closes and opens it as usual.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Brukermeny' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logg ut' })).toBeVisible();
});

test('signing out asks first, then returns to /sign-in', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Oversikt' })).toBeVisible();

  await page.getByRole('button', { name: 'Brukermeny' }).click();
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Er du sikker på at du vil logge ut?');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Brukermeny' }).click();
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The session is gone for real: protected pages send us back.
  await page.goto('/locations');
  await expect(page).toHaveURL(/\/sign-in/);
});
