import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { uniqueName } from '../helpers/data';
import { adminApi, signIn } from '../helpers/session';
import { dashboardCard, expectTileStatus } from '../helpers/ui';

/** A valid 1×1 PNG, uploaded through the dropzone's file input. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function createLocation(request: APIRequestContext, name: string, bays: [string, string][] = []) {
  const api = await adminApi(request);
  const location = await api<{ id: string }>('POST', 'backend/locations/create', {
    name,
    address: 'Testveien 1',
    postalCode: '0150',
    city: 'Oslo',
  });
  for (const [bayName, status] of bays) {
    await api('POST', 'backend/bays/create', { locationId: location.id, name: bayName, status });
  }
  return location;
}

async function addBay(page: Page, name: string, status?: string) {
  await page.getByRole('button', { name: 'Ny vaskehall' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny vaskehall' });
  await dialog.getByLabel('Navn').fill(name);
  if (status) {
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: status }).click();
  }
  await dialog.getByRole('button', { name: 'Opprett vaskehall' }).click();
  await expect(page.getByText(`Vaskehallen ${name} er opprettet`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addLink(page: Page, title: string, url: string) {
  await page.getByRole('button', { name: 'Ny lenke' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ny lenke' });
  await dialog.getByLabel('Tittel').fill(title);
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Legg til lenke' }).click();
  await expect(page.getByText(`Lenken ${title} er lagt til`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * A mouse drag as @hello-pangea/dnd expects it, waiting for what a person waits for: press on the handle
 * and move until the row lifts (past the library's 5 px threshold), travel towards the target, and let go
 * once the list announces the place it will drop at ('Plass 1 av 3.', read out to screen readers). On a
 * busy machine the library lags the pointer, so each wait moves the pointer on a little instead of sleeping.
 */
async function dragWithMouse(page: Page, handle: Locator, target: Locator, place: string) {
  const row = handle.locator('xpath=ancestor::*[@data-testid="link-row"][1]');
  // Near the window's edges (a quarter of its height) the list scrolls the page while dragging, which moved
  // the place under the pointer after it was announced: a window tall enough for the list to sit clear of
  // them.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const grip = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!grip || !to) throw new Error('nothing to drag');
  const x = grip.x + grip.width / 2;
  let y = grip.y + grip.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await expect
    .poll(
      async () => {
        y -= 3;
        await page.mouse.move(x, y);
        return row.getAttribute('data-dragging');
      },
      { intervals: [100] },
    )
    .not.toBeNull();
  const step = to.y + to.height / 2 < y ? -4 : 4;
  await page.mouse.move(x, to.y + to.height / 2, { steps: 12 });
  y = to.y + to.height / 2;
  const announced = page.getByText(place, { exact: true });
  await expect
    .poll(
      async () => {
        if ((await announced.count()) > 0) return true;
        y += step;
        await page.mouse.move(x, y);
        return false;
      },
      { intervals: [100], timeout: 15_000 },
    )
    .toBe(true);
  await page.mouse.up();
}

function linkTitles(page: Page) {
  return page.getByTestId('link-row').locator('p');
}

test('an admin creates a facility with a picture, adds bays and links, reorders the links and sees the bays on the dashboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = uniqueName('Vask Sentrum');
  await signIn(page);

  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Anlegg' }).click();
  await expect(page.getByRole('heading', { name: 'Anlegg', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nytt anlegg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nytt anlegg' });
  await dialog.getByLabel('Navn').fill(name);
  await dialog.getByLabel('Adresse').fill('Storgata 12');
  await dialog.getByLabel('Postnummer').fill('0155');
  await dialog.getByLabel('Poststed').fill('Oslo');
  await dialog.getByLabel('Velg bilde av anlegget').setInputFiles({
    name: 'anlegg.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await expect(dialog.getByRole('img', { name: 'Forhåndsvisning av bildet' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Opprett anlegg' }).click();

  await expect(page.getByText(`Anlegget ${name} er opprettet`)).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const picture = page.getByRole('img', { name: `Bilde av ${name}` });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.getByRole('tab', { name: 'Vaskehaller' }).click();
  await expect(page).toHaveURL(/\/bays$/);
  await addBay(page, 'Hall 1');
  await addBay(page, 'Hall 2', 'Feil');
  await addBay(page, 'Hall 3', 'Vedlikehold');
  await expect(page.getByRole('row')).toHaveCount(4); // header + three bays

  await page.getByRole('link', { name: 'Hall 1', exact: true }).click();
  await expect(page.getByText('I drift', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Lenker' }).click();
  await addLink(page, 'Styring', 'https://example.com/styring');
  await addLink(page, 'Betaling', 'https://example.com/betaling');
  await addLink(page, 'Manual', 'https://example.com/manual');
  await expect(linkTitles(page)).toHaveText(['Styring', 'Betaling', 'Manual']);

  // Drag 'Styring' one place down with the keyboard: space lifts, arrow down moves, space drops.
  const saved = page.waitForResponse((res) => res.url().endsWith('/backend/bays/links/reorder'));
  await page.getByRole('button', { name: 'Flytt Styring' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Rekkefølgen er lagret')).toBeVisible();
  await expect(linkTitles(page)).toHaveText(['Betaling', 'Styring', 'Manual']);

  // And with the mouse: 'Manual' dragged by its handle to the top.
  const savedAgain = page.waitForResponse((res) => res.url().endsWith('/backend/bays/links/reorder'));
  await dragWithMouse(
    page,
    page.getByRole('button', { name: 'Flytt Manual' }),
    page.getByTestId('link-row').first(),
    'Plass 1 av 3.',
  );
  expect((await savedAgain).ok()).toBe(true);
  await expect(linkTitles(page)).toHaveText(['Manual', 'Betaling', 'Styring']);

  // The order is kept on the server, and the bay page offers the links as buttons in that order.
  await page.reload();
  await expect(linkTitles(page)).toHaveText(['Manual', 'Betaling', 'Styring']);
  await page.getByRole('tab', { name: 'Oversikt' }).click();
  const buttons = page.getByRole('group', { name: 'Lenker' }).getByRole('link');
  await expect(buttons).toHaveText(['Manual', 'Betaling', 'Styring']);
  await expect(buttons.first()).toHaveAttribute('target', '_blank');

  // The dashboard shows the facility's bays as tiles with their status.
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Oversikt' }).click();
  const card = dashboardCard(page, name);
  await expect(card).toBeVisible();
  // Each tile is a button labelled with the full name; it shows what tells the bays apart.
  const tiles = card.getByRole('button', { name: /^Hall \d:/ });
  await expect(tiles).toHaveText(['1', '2', '3']);
  await expectTileStatus(card.getByRole('button', { name: 'Hall 1: I drift' }), 'Hall 1', 'operational');
  await expectTileStatus(card.getByRole('button', { name: 'Hall 2: Feil' }), 'Hall 2', 'error');
  await expectTileStatus(card.getByRole('button', { name: 'Hall 3: Vedlikehold' }), 'Hall 3', 'maintenance');

  // A tile opens the bay panel; from there an admin opens the bay inside the app.
  await card.getByRole('button', { name: 'Hall 2: Feil' }).click();
  await page.getByRole('dialog', { name: 'Hall 2' }).getByRole('link', { name: 'Åpne vaskehallen' }).click();
  await expect(page).toHaveURL(/\/locations\/[0-9a-f-]{36}\/bays\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Hall 2', level: 2 })).toBeVisible();
});

test('bad input gets the shared Norwegian messages, and a bad postal code is never saved', async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto('/locations');
  await page.getByRole('button', { name: 'Nytt anlegg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nytt anlegg' });
  await dialog.getByLabel('Navn').fill('AB');
  await dialog.getByLabel('Adresse').fill('Storgata 12');
  await dialog.getByLabel('Postnummer').fill('12a');
  await dialog.getByLabel('Poststed').fill('Oslo');
  await dialog.getByRole('button', { name: 'Opprett anlegg' }).click();
  await expect(dialog.getByText('Navnet må være lenger enn 2 bokstaver')).toBeVisible();
  await expect(dialog.getByText('Postnummeret må være 4 siffer')).toBeVisible();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();

  // The same rule on the edit page of an existing facility.
  const name = uniqueName('Vask Postnummer');
  const location = await createLocation(request, name);
  await page.goto(`/locations/${location.id}/edit`);
  await page.getByLabel('Postnummer').fill('123');
  await page.getByRole('button', { name: 'Lagre anlegg' }).click();
  await expect(page.getByText('Postnummeret må være 4 siffer')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Postnummer')).toHaveValue('0150');
});

test('deleting a facility asks first: cancel keeps it, confirm removes it from the list and the dashboard', async ({
  page,
  request,
}) => {
  const name = uniqueName('Vask Slett');
  const location = await createLocation(request, name, [['Hall 1', 'operational']]);
  await signIn(page);
  await expect(dashboardCard(page, name)).toBeVisible();

  await page.goto(`/locations/${location.id}/edit`);
  await page.getByRole('button', { name: 'Slett anlegg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slett anlegg' });
  await expect(dialog).toContainText(`Vil du slette anlegget ${name}?`);
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/locations');
  await page.getByRole('textbox', { name: 'Søk i anlegg' }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('tab', { name: 'Rediger' }).click();
  await page.getByRole('button', { name: 'Slett anlegg' }).click();
  await page
    .getByRole('dialog', { name: 'Slett anlegg' })
    .getByRole('button', { name: 'Slett anlegg' })
    .click();
  await expect(page.getByText(`Anlegget ${name} er slettet`)).toBeVisible();
  await expect(page).toHaveURL(/\/locations$/);
  await page.getByRole('textbox', { name: 'Søk i anlegg' }).fill(name);
  await expect(page.getByText('Fant ingen anlegg som passer søket')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();
  await expect(page.getByText('Sist oppdatert')).toBeVisible();
  await expect(dashboardCard(page, name)).toHaveCount(0);
  await page.goto(`/locations/${location.id}`);
  await expect(page.getByText('Fant ikke anlegget')).toBeVisible();
});

test('all bays: /locations/bays is its own page, filtered by facility and status', async ({
  page,
  request,
}) => {
  const name = uniqueName('Vask Filter');
  await createLocation(request, name, [
    ['Hall 1', 'operational'],
    ['Hall 2', 'error'],
    ['Hall 3', 'warning'],
  ]);
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Hovedmeny' })
    .getByRole('link', { name: 'Vaskehaller' })
    .click();
  await expect(page).toHaveURL(/\/locations\/bays$/);
  await expect(page.getByRole('heading', { name: 'Vaskehaller', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Filtrer på anlegg' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Filtrer på status' }).click();
  await page.getByRole('option', { name: 'Feil' }).click();
  await page.getByRole('option', { name: 'Advarsel' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Hall 1', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Hall 2', exact: true })).toBeVisible();
});

test('a camera that does not answer says so; its stream opens in a new tab', async ({ page, request }) => {
  const name = uniqueName('Vask Kamera');
  const location = await createLocation(request, name);
  await signIn(page);
  await page.goto(`/locations/${location.id}/cameras`);
  await expect(page.getByText('Ingen kameraer ennå')).toBeVisible();
  await page.getByRole('button', { name: 'Nytt kamera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nytt kamera' });
  await dialog.getByLabel('Navn').fill('Inngang');
  await dialog.getByLabel('URL til stillbilde').fill('http://127.0.0.1:9/snapshot.jpg');
  await dialog.getByLabel('URL til strøm').fill('https://example.com/strom');
  await dialog.getByRole('button', { name: 'Legg til kamera' }).click();
  await expect(page.getByText('Kameraet Inngang er lagt til')).toBeVisible();

  const camera = page.getByRole('article', { name: 'Inngang' });
  await expect(camera.getByText('Kameraet svarer ikke')).toBeVisible();
  await expect(camera.getByRole('link', { name: 'Åpne strøm' })).toHaveAttribute('target', '_blank');
});
