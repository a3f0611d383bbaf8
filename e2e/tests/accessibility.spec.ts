import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createUser, type Role, type TestUser } from '../helpers/data';
import { openInApp, pathsFor, type RouteSetup, routeSetup, settled } from '../helpers/routes';
import { adminApi, signIn, tokenFor } from '../helpers/session';
import { bayTile, dashboardCard, expectTileStatus, openUserMenu, tabTo } from '../helpers/ui';

/*
 * Issue 24, accessibility to WCAG 2.2 AA where tools can tell: axe on every route each role may open, in
 * the dark theme (the default) and the light one, with no serious or critical violation; the signed-out
 * pages too. The counts are printed as a table (route × role × theme). And the operator's journey by
 * keyboard alone: sign in, open the red bay's panel from the dashboard, take the alert, start maintenance
 * for a colleague and end it.
 *
 * The superadmin and the admin open the same 37 routes with the same markup, so the superadmin's run audits
 * them in the dark theme and the admin's in the light one: every route in both themes and by both roles,
 * in half the time. The operator and the 'user' have three routes each and are audited in both themes.
 *
 * Each role's routes are opened one after the other in its signed-in page by the app's router (`openInApp`),
 * as its links open them, not each by a page load; and axe runs in the page (`setLegacyMode`). On two cores
 * at load 7–9 the spec alone took 120 s instead of 258 s (the superadmin's run 36 s instead of 84), with the
 * same table; one row differed: the superadmin's /docs/api, which a fresh load had audited before the API
 * reference had drawn itself (1 node, against 30 + 2 now and the admin's 86 + 2 in the light theme).
 */

test.use({ actionTimeout: 15_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];
/** The theme menu's words for each theme. */
const THEME_LABEL: Record<Theme, string> = { dark: 'Mørk', light: 'Lys' };

/**
 * Violations known and not yet fixed: the rule, the route (its pattern) and why. Each one allowed here is
 * still counted in the table.
 */
const allowlist: { rule: string; route: RegExp; why: string }[] = [
  // The API reference is Scalar's renderer (a third-party Vue bundle in its own styles): its method badges,
  // code colours and muted labels (color-contrast), its two icon-only tab buttons without a name
  // (button-name, critical) and its 16 px group togglers in the sidebar (target-size) are not the app's
  // markup; its theme may be restyled later (issue 24).
  { rule: 'color-contrast', route: /^\/docs\/api$/, why: "Scalar's own colours" },
  { rule: 'button-name', route: /^\/docs\/api$/, why: "Scalar's icon-only buttons" },
  { rule: 'target-size', route: /^\/docs\/api$/, why: "Scalar's sidebar togglers" },
];

interface Finding {
  rule: string;
  impact: 'serious' | 'critical';
  targets: string[];
  help: string;
}

interface Row {
  route: string;
  /** 'signed-out' for the sign-in pages, which every visitor opens before having a role. */
  role: Role | 'signed-out';
  theme: Theme;
  serious: number;
  critical: number;
  findings: Finding[];
}

const rows: Row[] = [];
let setup: RouteSetup;
/** The operator's colleague, granted the facility: whom the keyboard journey's maintenance is for. */
let colleague: TestUser;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  setup = await routeSetup(request, 'Tilgjengelig');
  colleague = await createUser(request, await tokenFor(request), { role: 'operator' });
  const admin = await adminApi(request);
  await admin('POST', 'backend/users/access/create', { userId: colleague.id, locationId: setup.locationId });
});

/** The route with its ids replaced, so the table reads the same on every run. */
function routeName(path: string): string {
  const { locationId, bay, apiId, groupId, users } = setup;
  let name = path;
  for (const [id, word] of [
    [bay.id, ':bay'],
    [locationId, ':location'],
    [apiId, ':api'],
    [groupId, ':group'],
    ...Object.values(users).map((user) => [user.id, ':user'] as const),
  ] as const) {
    name = name.split(id).join(word);
  }
  return name;
}

/**
 * `open`: how the page gets to `path` and what says it has loaded: a signed-in run opens its routes in the app
 * (`openInApp`), the signed-out pages are each a page load.
 */
async function audit(
  page: Page,
  path: string,
  role: Row['role'],
  theme: Theme,
  open: (page: Page, path: string) => Promise<void>,
): Promise<Row> {
  await open(page, path);
  const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
  expect(scheme, `${path}: the ${theme} theme`).toBe(theme);
  // axe.run in the page itself (`setLegacyMode`), not axe.runPartial in each frame with axe.finishRun in a
  // new blank page each time: the same rules on the same document, about half the time (decision 003). It
  // leaves out frames from other origins, so a page with one fails here instead.
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .filter((frame) => !frame.url().startsWith(origin) && frame.url() !== 'about:blank');
  expect(
    foreign.map((frame) => frame.url()),
    `${path}: frames from other origins`,
  ).toEqual([]);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
  const findings: Finding[] = [];
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => {
        const data = node.any[0]?.data as {
          fgColor?: string;
          bgColor?: string;
          contrastRatio?: number;
        } | null;
        const contrast = data?.contrastRatio
          ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})`
          : '';
        return `${node.target.join(' ')}${contrast}`;
      }),
      help: violation.help,
    });
  }
  const count = (impact: Finding['impact']) =>
    findings.filter((finding) => finding.impact === impact).reduce((sum, f) => sum + f.targets.length, 0);
  return {
    route: routeName(path),
    role,
    theme,
    serious: count('serious'),
    critical: count('critical'),
    findings,
  };
}

function printTable() {
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  const lines = [
    `${'route'.padEnd(width)}  ${'role'.padEnd(10)}  ${'theme'.padEnd(5)}  serious  critical  rules`,
    ...rows.map(
      (row) =>
        `${row.route.padEnd(width)}  ${row.role.padEnd(10)}  ${row.theme.padEnd(5)}  ${String(row.serious).padStart(7)}  ${String(row.critical).padStart(8)}  ${[...new Set(row.findings.map((f) => f.rule))].join(', ')}`,
    ),
  ];
  console.log(`\naxe (${TAGS.join(', ')}): serious and critical nodes\n${lines.join('\n')}\n`);
}

test.afterAll(() => {
  if (rows.length > 0) printTable();
});

/**
 * Chooses the theme in the user menu as a user does: it applies at once and is saved with the user's
 * settings (which win over the browser's stored choice on the next page).
 */
async function chooseTheme(page: Page, theme: Theme) {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) === theme) return;
  await openUserMenu(page);
  const saved = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && response.url().includes('users/settings/update'),
  );
  await page.getByRole('menuitem', { name: THEME_LABEL[theme], exact: true }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', theme);
  await saved;
}

const allowed = (finding: Finding, route: string) =>
  allowlist.some((entry) => entry.rule === finding.rule && entry.route.test(route));

/** The themes each role's routes are audited in (see the top of the file). */
const AUDITED_THEMES: Record<Role, readonly Theme[]> = {
  superadmin: ['dark'],
  admin: ['light'],
  operator: THEMES,
  user: THEMES,
};

for (const role of ['superadmin', 'admin', 'operator', 'user'] as const) {
  const themes = AUDITED_THEMES[role];
  test(`axe: every route the ${role} may open, in the ${themes.join(' and the ')} theme, has no serious or critical violation`, async ({
    page,
  }) => {
    // A ceiling, not a wait: 37 audits for an admin-level role, each a page load and an axe pass, were over 6
    // minutes beside the other two groups at load 15 (a route opened in the app and axe in the page since).
    test.setTimeout(role === 'superadmin' || role === 'admin' ? 600_000 : 180_000);
    if (role === 'superadmin') await signIn(page);
    else await signIn(page, setup.users[role].email, setup.users[role].password);
    const failures: string[] = [];
    for (const theme of themes) {
      await chooseTheme(page, theme);
      for (const path of pathsFor(setup, role)) {
        const row = await test.step(`${theme} ${path}`, () => audit(page, path, role, theme, openInApp));
        rows.push(row);
        for (const finding of row.findings) {
          if (allowed(finding, row.route)) continue;
          failures.push(
            `${row.route} (${theme}): ${finding.impact} ${finding.rule} – ${finding.help}\n    ${finding.targets.join('\n    ')}`,
          );
        }
      }
    }
    // The theme is saved with the user's settings: leave the default (dark) for the specs that follow.
    await chooseTheme(page, 'dark');
    if (failures.length > 0) console.log(failures.join('\n'));
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

/**
 * The pages a visitor opens before signing in (not in `pathsFor`: no role has them, everyone sees them), in
 * both themes, chosen as the theme menu stores it (there is no user menu yet). The reset page with a spent
 * or wrong token shows its notice, not a title.
 */
const SIGNED_OUT: { path: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/sign-in' },
  { path: '/sign-in/forgot' },
  {
    path: '/sign-in/reset?token=ugyldig',
    ready: (page) => expect(page.getByText('Lenken er ugyldig eller utløpt')).toBeVisible(),
  },
];

for (const theme of THEMES) {
  test(`axe: the signed-out pages, in the ${theme} theme, have no serious or critical violation`, async ({
    page,
  }) => {
    await page.addInitScript((mode) => {
      window.localStorage.setItem('kt_theme_mode_value', mode);
      window.localStorage.setItem('kt_theme_mode_menu', mode);
    }, theme);
    const failures: string[] = [];
    for (const { path, ready } of SIGNED_OUT) {
      const row = await test.step(`${theme} ${path}`, () =>
        audit(page, path, 'signed-out', theme, async (page, path) => {
          await page.goto(path);
          await (ready ?? settled)(page);
        }));
      rows.push(row);
      for (const finding of row.findings) {
        failures.push(
          `${row.route} (${theme}): ${finding.impact} ${finding.rule} – ${finding.help}\n    ${finding.targets.join('\n    ')}`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

const fullName = (user: TestUser) => `${user.firstName} ${user.lastName}`;

/** Expects the keyboard focus in `scope` (or on it). */
async function expectFocusIn(scope: Locator) {
  await expect.poll(() => scope.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

/** Presses `key` on the focused element after checking that the focus is on `target`. */
async function pressOn(page: Page, target: Locator, key: string) {
  await expect(target).toBeFocused();
  await page.keyboard.press(key);
}

// After the axe runs (they read the dashboard as the set-up left it): this one takes the alert.
test('the operator by keyboard alone: opens the red bay, takes the alert, starts maintenance for a colleague and ends it', async ({
  page,
}) => {
  const { locationName, bay, users } = setup;
  const operator = users.operator;

  // Sign in: the e-mail field takes the focus by Tab, the password after it, Enter sends the form.
  await page.goto('/sign-in');
  await tabTo(page, page.getByLabel('E-post'));
  await page.keyboard.type(operator.email);
  await tabTo(page, page.getByLabel('Passord', { exact: true }), { limit: 3 });
  await page.keyboard.type(operator.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Oversikt', level: 1 })).toBeVisible();

  // The red bay's tile, by Tab, opened with Enter: the panel takes the focus.
  const tile = bayTile(dashboardCard(page, locationName), bay.name);
  await expectTileStatus(tile, bay.name, 'error');
  await tabTo(page, tile, { limit: 80 });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: bay.name });
  await expect(panel).toBeVisible();
  await expectFocusIn(panel);

  // 'Jeg ser på det' with Space.
  const alerts = panel.getByRole('region', { name: 'Åpne varsler' });
  const take = alerts.getByRole('button', { name: new RegExp(`^Jeg ser på det: ${bay.name}`) });
  await tabTo(page, take);
  await page.keyboard.press('Space');
  await expect(alerts.getByText(`${fullName(operator)} ser på det`)).toBeVisible();

  // 'Start vedlikehold': the form opens with the focus in it; 'Bruker' opens with ArrowDown, the colleague
  // is reached with the arrows and picked with Enter.
  const maintenance = panel.getByRole('region', { name: 'Vedlikehold', exact: true });
  await tabTo(page, maintenance.getByRole('button', { name: 'Start vedlikehold' }), { backwards: true });
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Start vedlikehold' });
  await expect(form).toBeVisible();
  await expectFocusIn(form);
  const assignee = form.getByRole('combobox', { name: 'Bruker', exact: true });
  await tabTo(page, assignee, { limit: 20 });
  await page.keyboard.press('ArrowDown');
  const option = page.getByRole('option', { name: fullName(colleague), exact: true });
  await expect(option).toBeVisible();
  for (
    let press = 0;
    press < 30 && (await option.getAttribute('data-combobox-selected')) === null;
    press += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await pressOn(page, assignee, 'Enter');
  await expect(assignee).toHaveValue(fullName(colleague));
  await tabTo(page, form.getByRole('button', { name: 'Start vedlikehold' }), { limit: 30 });
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(maintenance.getByText(fullName(colleague))).toBeVisible();
  await expectTileStatus(tile, bay.name, 'maintenance');

  // 'Avslutt vedlikehold', confirmed with Enter on the dialog's own button.
  // The 'Start vedlikehold' button the form came from is gone now, so the focus is not back in the panel
  // (issue 24: left to the page); Tab still reaches the panel's buttons.
  const end = maintenance.getByRole('button', { name: 'Avslutt vedlikehold' });
  await tabTo(page, end, { limit: 80 });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Avslutt vedlikehold' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Avslutt vedlikehold' }), { limit: 10 });
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(maintenance.getByText('Ingen pågående vedlikehold')).toBeVisible();

  // Escape closes the panel and gives the focus back to the tile.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(tile).toBeFocused();
  await expectTileStatus(tile, bay.name, 'error');
});
