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
export function dashboardCard(page: Page, locationName: string): Locator {
  return page.getByRole('region', { name: locationName, exact: true });
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

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Expects a tile to show `status` as a user perceives it: the Norwegian status in its accessible name
 * ('Hall 2: Feil', marks such as 'Ikke overvåket' or 'Varsler dempet' after a comma) and the status its
 * colour is drawn from (`data-bay-status`), not a computed colour.
 */
export async function expectTileStatus(tile: Locator, bayName: string, status: BayStatus) {
  await expect(tile).toHaveAccessibleName(
    new RegExp(`^${escaped(bayName)}: ${BAY_STATUS_LABELS[status]}(, .+)?$`),
  );
  await expect(tile).toHaveAttribute('data-bay-status', status);
}

/**
 * Expects nothing on the page to reach past the right edge of the screen (the page cannot be scrolled
 * sideways): the document's width over 20 animation frames, against the viewport's, so a layout that
 * flips between two widths shows in one of them. The message names what sticks out.
 */
export async function expectNoHorizontalOverflow(page: Page, what: string) {
  const screen = page.viewportSize()?.width ?? 0;
  const { widest, outside } = await page.evaluate(async (width) => {
    let widest = 0;
    let outside: string[] = [];
    for (let frame = 0; frame < 20; frame += 1) {
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > widest) {
        widest = scrollWidth;
        // What sticks out while its parent does not: where the overflow starts.
        const sticksOut = (element: Element | null) =>
          element != null && element.getBoundingClientRect().right > width + 1;
        const all = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(sticksOut);
        const first = all.filter((element) => !sticksOut(element.parentElement));
        outside = (first.length > 0 ? first : all)
          .slice(0, 5)
          .map((element) =>
            `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`.slice(0, 80),
          );
      }
      await new Promise(requestAnimationFrame);
    }
    return { widest, outside };
  }, screen);
  expect(
    widest,
    `${what}: ${widest} px wide on a ${screen} px screen (${outside.join(', ')})`,
  ).toBeLessThanOrEqual(screen);
}

/**
 * Expects every button, link, list, option, tab and menu item in `scope` to be at least 24 × 24 px, the
 * smallest target WCAG 2.2 allows (2.5.8) and about what a thumb can hit.
 */
export async function expectTapTargets(scope: Locator, what: string) {
  const small = await scope.evaluate((root) => {
    // A multi-select's input sits in its field, and a tap anywhere on the field opens it.
    const target = (element: HTMLElement) =>
      (element.getAttribute('role') === 'combobox' &&
        element.closest<HTMLElement>('.mantine-Input-wrapper')) ||
      element;
    return Array.from(
      root.querySelectorAll<HTMLElement>(
        'button, a[href], [role="combobox"], [role="option"], [role="tab"], [role="menuitem"]',
      ),
    )
      .filter((element) => {
        const box = target(element).getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.width < 24 || box.height < 24);
      })
      .map((element) => {
        const box = target(element).getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
        return `'${name}' ${Math.round(box.width)} × ${Math.round(box.height)}`;
      });
  });
  expect(small, `${what}: targets under 24 × 24 px`).toEqual([]);
}

/**
 * Moves the keyboard focus to `target` by Tab alone (Shift+Tab with `backwards`), as someone without a
 * mouse does, and fails when it is not reached within `limit` presses: not in the tab order, or behind
 * more stops than a person would bear.
 */
export async function tabTo(page: Page, target: Locator, { limit = 60, backwards = false } = {}) {
  const focused = () => target.evaluate((element) => element === document.activeElement).catch(() => false);
  for (let press = 0; press < limit; press += 1) {
    if (await focused()) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await focused()) return;
  const at = await page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? `${element.tagName.toLowerCase()} '${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}'`
      : 'nothing';
  });
  throw new Error(`${target} not reached by ${limit} presses of Tab (the focus is on ${at})`);
}
