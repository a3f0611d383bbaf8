import { expect, type Locator, test } from '@playwright/test';
import { adminApi, signIn } from '../helpers/session';
import { criticalLocation } from '../helpers/simulator';

/*
 * Issue 24, desktop tables: in a 1280 and a 1440 px window (the sidebar open), a bay's attribute table
 * shows 'Lest' and the row menu without scrolling sideways, and the facility overview's bay cards show
 * full names and statuses ('Vaskehal…' and 'I DRI…' before).
 */

test.use({ actionTimeout: 15_000 });

const LONG_NAME = 'Vaskehall nummer tre ved innkjøringen';

/** True when the element shows all of its text: nothing cut off with an ellipsis. */
function showsAll(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
}

test("an admin's attribute table and the facility's bay cards fit a 1280 and a 1440 px window", async ({
  page,
  request,
}) => {
  const { locationId, bays } = await criticalLocation(request, 'Bredde', 1);
  const [bay] = bays;
  if (!bay) throw new Error('no bay');
  const api = await adminApi(request);
  const [metric] = await api<{ id: string }[]>('POST', 'backend/bays/metrics/get', {
    page: 1,
    perPage: 1,
    filters: { bayId: bay.id },
  });
  if (!metric) throw new Error('no bay attribute');
  const displayName = 'Vanntemperatur i høytrykksrampen';
  await api('PATCH', 'backend/bays/metrics/update', { id: metric.id, displayName, unit: '°C' });
  await api('POST', 'backend/bays/create', { locationId, name: LONG_NAME, status: 'operational' });
  await signIn(page);

  for (const width of [1280, 1440]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/locations/${locationId}/bays/${bay.id}/metrics`);
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader', { name: 'Lest' })).toBeInViewport({ ratio: 1 });
      await expect(table.getByRole('button', { name: /^Handlinger for / })).toBeInViewport({ ratio: 1 });
      const scrolls = await table.evaluate((element) => {
        const box = element.closest('.mantine-ScrollArea-viewport') ?? element.parentElement;
        return box ? box.scrollWidth > box.clientWidth : false;
      });
      expect(scrolls, 'the table scrolls sideways').toBe(false);

      await page.goto(`/locations/${locationId}`);
      const card = page.getByRole('link', { name: new RegExp(`^${LONG_NAME}`) });
      await expect(card).toBeVisible();
      expect(await showsAll(card.getByText(LONG_NAME, { exact: true })), 'the name is cut').toBe(true);
      expect(await showsAll(card.getByText('I drift', { exact: true })), 'the status is cut').toBe(true);
      const red = page.getByRole('link', { name: new RegExp(`^${bay.name}`) });
      expect(await showsAll(red.getByText('Feil', { exact: true })), 'the status is cut').toBe(true);
    });
  }
});
