import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks `option` in the Mantine select labelled `label` inside `scope` (a page, or a dialog when the label
 * is not unique on the page), typing `typed` first for a searchable one. The options open in a portal,
 * so they are looked for on the whole page.
 */
export async function pickOption(
  scope: Page | Locator,
  label: string,
  option: string | RegExp,
  typed?: string,
) {
  const page = 'page' in scope ? scope.page() : scope;
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Brukermeny' }).click();
}

/** A facility's card on the dashboard. */
export function dashboardCard(page: Page, facilityName: string): Locator {
  return page.getByRole('region', { name: facilityName, exact: true });
}

export type BayStatus = 'operational' | 'warning' | 'error' | 'inactive' | 'maintenance';

/** The Norwegian status words the dashboard shows (docs/domain.md, "Bay status"). */
const BAY_STATUS_LABELS: Record<BayStatus, string> = {
  operational: 'I drift',
  warning: 'Advarsel',
  error: 'Feil',
  inactive: 'Inaktiv',
  maintenance: 'Vedlikehold',
};

/** A bay's tile in a facility's dashboard card, whatever its status: a button that opens the bay panel. */
export function bayTile(card: Locator, bayName: string): Locator {
  return card.getByRole('button', { name: new RegExp(`^${bayName}:`) });
}

/**
 * Expects a tile to show `status` as a user perceives it: the Norwegian status in its accessible name
 * ('Hall 2: Feil') and the status its colour is drawn from (`data-bay-status`), not a computed colour.
 */
export async function expectTileStatus(tile: Locator, bayName: string, status: BayStatus) {
  await expect(tile).toHaveAccessibleName(`${bayName}: ${BAY_STATUS_LABELS[status]}`);
  await expect(tile).toHaveAttribute('data-bay-status', status);
}
