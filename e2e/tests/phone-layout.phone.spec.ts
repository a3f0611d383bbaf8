import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Role } from '../helpers/data';
import { adminPaths, openInApp, type RouteSetup, routeSetup, staffPaths } from '../helpers/routes';
import { signIn } from '../helpers/session';
import { bayTile, dashboardCard, expectNoHorizontalOverflow } from '../helpers/ui';

/*
 * Issue 24, "no layout that breaks under a thumb": in the phone project (390 × 844, isMobile, hasTouch),
 * every route each role may open is no wider than the screen, on its own and with each of its create and
 * edit modals (and the navigation, the user menu and the bay panel) open; so are the signed-out pages.
 */

test.use({ actionTimeout: 15_000 });

/** One thing a page opens over itself: tapped open, checked, closed again. */
interface Overlay {
  /** What the failure message calls it. */
  name: string;
  open: (page: Page) => Promise<void>;
  /** The dialog it opens (its accessible name); without it the overlay is not a dialog (a menu). */
  dialog?: string;
  /** Closes it again: unless told, a dialog by `closeDialog`, a menu by Escape. */
  close?: (page: Page) => Promise<void>;
}

interface RouteCheck {
  path: string;
  overlays?: Overlay[];
}

let setup: RouteSetup;

/** The routes and their people (`routeSetup`): a red facility with one bay, a group, a user of each role. */
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  setup = await routeSetup(request, 'Mobil');
});

/** A button by its name, tapped. */
const tapButton = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).first().tap();
};

/** The navigation (behind the burger on a phone) and the user menu, on the page every role starts on. */
const LAYOUT: Overlay[] = [
  {
    name: 'menyen',
    open: tapButton('Vis eller skjul menyen'),
    // The open menu covers the header's burger; its own close button has the same name.
    close: (page) => page.getByRole('button', { name: 'Vis eller skjul menyen', exact: true }).last().tap(),
  },
  { name: 'brukermenyen', open: tapButton('Brukermeny') },
];

/** Closes a dialog as a thumb does: 'Avbryt' in a form, else its close button, and waits until it is gone. */
async function closeDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  const cancel = dialog.getByRole('button', { name: /^(Avbryt|Lukk)$/ });
  if ((await cancel.count()) > 0) await cancel.first().tap();
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The dashboard's bay panel, opened from its tile, and what an operator opens in it. */
function panelOverlays(role: Role): Overlay[] {
  const openPanel = async (page: Page) => {
    await bayTile(dashboardCard(page, setup.locationName), setup.bay.name).tap();
    await expect(page.getByRole('dialog', { name: setup.bay.name })).toBeVisible();
  };
  const closePanel = (page: Page) => closeDialog(page, setup.bay.name);
  const panel: Overlay = {
    name: 'vaskehallpanelet',
    open: openPanel,
    dialog: setup.bay.name,
    close: closePanel,
  };
  if (role === 'user') return [panel];
  const inPanel = (button: string, dialog: string): Overlay => ({
    name: dialog,
    open: async (page) => {
      await openPanel(page);
      await page.getByRole('dialog', { name: setup.bay.name }).getByRole('button', { name: button }).tap();
    },
    dialog,
    close: async (page) => {
      await closeDialog(page, dialog);
      await closePanel(page);
    },
  });
  return [
    panel,
    inPanel('Start vedlikehold', 'Start vedlikehold'),
    inPanel('Planlegg vedlikehold', 'Planlegg vedlikehold'),
    inPanel('Demp varsler', 'Demp varsler for vaskehallen'),
  ];
}

/** A create modal opened by its button. */
const create = (button: string, dialog = button): Overlay => ({
  name: dialog,
  open: tapButton(button),
  dialog,
});

/** The modals each of an admin's (or the superadmin's) pages opens, by its path (`adminPaths`). */
function adminOverlays(role: Role): Record<string, Overlay[]> {
  const { locationId: l, bay, apiId: a } = setup;
  const b = `/locations/${l}/bays/${bay.id}`;
  return {
    '/': [...LAYOUT, ...panelOverlays(role)],
    '/locations': [create('Nytt anlegg')],
    '/locations/bays': [create('Ny vaskehall')],
    [`/locations/${l}/bays`]: [create('Ny vaskehall')],
    [`/locations/${l}/cameras`]: [create('Nytt kamera')],
    [b]: [create('Start vedlikehold'), create('Planlegg vedlikehold')],
    [`${b}/links`]: [create('Ny lenke')],
    [`${b}/metrics`]: [
      create('Legg til attributt', 'Nytt attributt'),
      {
        name: 'Rediger attributt',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Handlinger for / })
            .first()
            .tap();
          await page.getByRole('menuitem', { name: 'Rediger attributt' }).tap();
        },
        dialog: 'Rediger attributt',
      },
    ],
    '/integrations/apis': [create('Ny API-tilkobling')],
    [`/integrations/apis/${a}/metrics`]: [create('Nytt attributt', 'Nytt API-attributt')],
    '/integrations/webhooks': [create('Ny webhook')],
    '/admin/users': [create('Ny bruker')],
    '/admin/groups': [create('Ny gruppe')],
    '/admin/settings/notifications': [create('Ny mottaker')],
  };
}

/** Every route an admin (or the superadmin) may open, with the modals each page opens. */
function adminRoutes(role: Role): RouteCheck[] {
  const overlays = adminOverlays(role);
  return adminPaths(setup).map((path) => ({ path, overlays: overlays[path] }));
}

/** An operator's and a 'user''s routes: the dashboard (with its overlays) and their own profile. */
function staffRoutes(role: 'operator' | 'user'): RouteCheck[] {
  return staffPaths(setup, role).map((path) => ({
    path,
    overlays: path === '/' ? [...LAYOUT, ...panelOverlays(role)] : undefined,
  }));
}

/**
 * Opens each list (select, multi-select, autocomplete) of a dialog by a tap and checks the width with it
 * open: a list placed off the screen made the page flip between two widths (issue 24). Tapping the
 * dialog's title closes it again.
 */
async function checkLists(page: Page, dialog: Locator, what: string) {
  const lists = dialog.getByRole('combobox');
  const count = await lists.count();
  for (let index = 0; index < count; index += 1) {
    const list = lists.nth(index);
    if (!(await list.isVisible()) || !(await list.isEnabled()) || (await list.isEditable()) === false)
      continue;
    const name = await list.evaluate(
      (element) =>
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.id,
    );
    await list.tap();
    await expectNoHorizontalOverflow(page, `${what}, listen ${name} åpen`);
    await dialog.getByRole('heading').first().tap();
  }
}

/**
 * `lists`: also open each list of each dialog (once per run is enough: the admins share the dialogs). The
 * routes are opened one after the other in the signed-in page by the app's router (`openInApp`).
 */
async function checkRoutes(page: Page, routes: RouteCheck[], { lists = true } = {}) {
  for (const { path, overlays = [] } of routes) {
    await test.step(path, async () => {
      await openInApp(page, path);
      await expectNoHorizontalOverflow(page, path);
      for (const overlay of overlays) {
        await overlay.open(page);
        const dialog = overlay.dialog ? page.getByRole('dialog', { name: overlay.dialog }) : null;
        if (dialog) await expect(dialog).toBeVisible();
        await expectNoHorizontalOverflow(page, `${path} med ${overlay.name} åpen`);
        if (dialog && lists) await checkLists(page, dialog, `${path} med ${overlay.name} åpen`);
        if (overlay.close) await overlay.close(page);
        else if (overlay.dialog) await closeDialog(page, overlay.dialog);
        else await page.keyboard.press('Escape');
        if (dialog) await expect(dialog).toBeHidden();
      }
    });
  }
}

test("every route the superadmin may open fits the phone's width, with each of its modals and their lists open", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signIn(page);
  await checkRoutes(page, adminRoutes('superadmin'));
});

// The admin opens the superadmin's routes and dialogs (the same components: the superadmin's run opened
// every dialog and its lists): each page on its own, and the dashboard's overlays, is enough here.
test("every route the admin may open fits the phone's width, and the dashboard with its overlays open", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, setup.users.admin.email, setup.users.admin.password);
  const routes = adminRoutes('admin').map(({ path, overlays }) => ({
    path,
    overlays: path === '/' ? overlays : undefined,
  }));
  await checkRoutes(page, routes, { lists: false });
});

for (const role of ['operator', 'user'] as const) {
  test(`every route the ${role} may open fits the phone's width, with each of its modals open`, async ({
    page,
  }) => {
    const { email, password } = setup.users[role];
    await signIn(page, email, password);
    await checkRoutes(page, staffRoutes(role));
  });
}

test("the signed-out pages fit the phone's width", async ({ page }) => {
  for (const path of ['/sign-in', '/sign-in/forgot', '/sign-in/reset?token=ugyldig']) {
    await test.step(path, async () => {
      await page.goto(path);
      // The reset page with a wrong token shows its notice, not a title.
      await expect(
        path.startsWith('/sign-in/reset')
          ? page.getByText('Lenken er ugyldig eller utløpt')
          : page.getByRole('heading', { level: 1 }).first(),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page, path);
    });
  }
});
