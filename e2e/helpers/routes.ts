import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { api, createUser, type Role, type TestUser, uniqueName } from './data';
import { adminApi, tokenFor } from './session';
import { criticalLocation } from './simulator';

/** What every route of every role needs to exist: see `routeSetup`. */
export interface RouteSetup {
  locationId: string;
  locationName: string;
  bay: { id: string; name: string };
  attribute: string;
  apiId: string;
  groupId: string;
  /** The superadmin is the one the e2e server starts with. */
  users: Record<Exclude<Role, 'superadmin'>, TestUser>;
}

/**
 * A red facility with one bay (its API connection, API attribute, bay attribute and open alert), a group,
 * and one user of each role; the operator and the 'user' are granted the facility.
 */
export async function routeSetup(request: APIRequestContext, prefix: string): Promise<RouteSetup> {
  const { locationId, locationName, attribute, bays } = await criticalLocation(request, prefix, 1);
  const [bay] = bays;
  if (!bay) throw new Error('no bay');
  const admin = await adminApi(request);
  const token = await tokenFor(request);
  const [metric] = await admin<{ apiId: string }[]>('POST', 'backend/bays/metrics/get', {
    page: 1,
    perPage: 1,
    filters: { bayId: bay.id },
  });
  if (!metric) throw new Error('no bay attribute');
  const group = await admin<{ id: string }>('POST', 'backend/groups/create', {
    name: uniqueName('Vakt'),
    description: 'Vakttelefon',
    config: { color: '#3E97FF' },
  });
  const users = {} as RouteSetup['users'];
  for (const role of ['admin', 'operator', 'user'] as const) {
    users[role] = await createUser(request, token, { role });
  }
  for (const user of [users.operator, users.user]) {
    await api(request, token, 'POST', 'backend/users/access/create', { userId: user.id, locationId });
  }
  return { locationId, locationName, bay, attribute, apiId: metric.apiId, groupId: group.id, users };
}

/** Every route an admin (or the superadmin) may open. */
export function adminPaths(setup: RouteSetup): string[] {
  const { locationId: l, bay, apiId: a, groupId: g, users } = setup;
  const other = users.user.id;
  const b = `/locations/${l}/bays/${bay.id}`;
  return [
    '/',
    '/locations',
    '/locations/bays',
    `/locations/${l}`,
    `/locations/${l}/bays`,
    `/locations/${l}/cameras`,
    `/locations/${l}/alerts`,
    `/locations/${l}/statistics`,
    `/locations/${l}/logs`,
    `/locations/${l}/edit`,
    b,
    `${b}/links`,
    `${b}/metrics`,
    `${b}/statistics`,
    `${b}/edit`,
    '/integrations/apis',
    `/integrations/apis/${a}`,
    `/integrations/apis/${a}/metrics`,
    `/integrations/apis/${a}/logs`,
    `/integrations/apis/${a}/statistics`,
    `/integrations/apis/${a}/edit`,
    '/integrations/apis/metrics',
    '/integrations/webhooks',
    '/admin/users',
    `/admin/users/${other}`,
    `/admin/users/${other}/access`,
    `/admin/users/${other}/edit`,
    '/admin/groups',
    `/admin/groups/${g}`,
    `/admin/groups/${g}/members`,
    `/admin/groups/${g}/edit`,
    '/admin/settings/notifications',
    '/admin/settings/general',
    '/reports/availability',
    '/docs',
    '/docs/api',
    '/docs/data',
  ];
}

/** An operator's and a 'user''s routes: the dashboard and their own profile. */
export function staffPaths(setup: RouteSetup, role: 'operator' | 'user'): string[] {
  const self = setup.users[role].id;
  return ['/', `/admin/users/${self}`, `/admin/users/${self}/edit`];
}

/** Every route `role` may open. */
export function pathsFor(setup: RouteSetup, role: Role): string[] {
  return role === 'operator' || role === 'user' ? staffPaths(setup, role) : adminPaths(setup);
}

/**
 * Waits until the page has its title and nothing of it is still loading. A ceiling of 20 s for the title, as
 * docs.spec.ts gives the API reference (a 1.6 MB chunk): with three groups side by side at load 17-23 it
 * took over 10 s to show its title in the axe and the phone-layout runs (docs/decisions/003-testing.md).
 */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"]')).toHaveCount(
    0,
  );
}

/** What the page function needs of the app's router (TanStack Router's, read from the React tree). */
interface AppRouter {
  navigate: (options: { href: string }) => Promise<void>;
  subscribe: (event: 'onRendered', listener: (event: { toLocation: { href: string } }) => void) => () => void;
  state: { status: string; location: { href: string } };
  history: unknown;
}

/** The API reference: Scalar's bundle leaves its styles in the document when the app goes on from it. */
const LEAVES_ITS_STYLES = '/docs/api';

/**
 * Opens `path` in the signed-in app already on `page` as its own links do: the app's router navigates within
 * the document (no new page load: the app's code is not fetched and parsed again), then `settled`. Waits for
 * the router to be idle and to have rendered where it went (after any redirect), so nothing of the page
 * before is left when `settled` looks for the title. From the API reference it is a page load instead: its
 * renderer's styles stay in the document (4,050 CSS rules on /docs/data after it, 1,767 after a load). A test
 * that opens many routes one after the other uses it instead of `page.goto` (decision 003).
 */
export async function openInApp(page: Page, path: string) {
  if (new URL(page.url()).pathname === LEAVES_ITS_STYLES) {
    await page.goto(path);
    await settled(page);
    return;
  }
  await page.evaluate(async (href) => {
    // The router is the `router` prop of the app's RouterProvider, found from React's root fiber.
    type Fiber = { memoizedProps?: { router?: unknown }; child?: Fiber; sibling?: Fiber };
    const container = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    const key = container && Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
    const hostRoot = key ? (container[key] as { stateNode?: { current?: Fiber } }) : undefined;
    const stack: Fiber[] = hostRoot?.stateNode?.current ? [hostRoot.stateNode.current] : [];
    let router: AppRouter | undefined;
    while (stack.length > 0 && !router) {
      const fiber = stack.pop() as Fiber;
      const candidate = fiber.memoizedProps?.router as Partial<AppRouter> | undefined;
      if (candidate && typeof candidate.navigate === 'function' && candidate.history && candidate.state)
        router = candidate as AppRouter;
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    if (!router) throw new Error(`openInApp(${href}): the app's router is not on the page`);
    const app = router;
    if (app.state.location.href === href && app.state.status === 'idle') return;
    const rendered = new Set<string>();
    const stop = app.subscribe('onRendered', (event) => rendered.add(event.toLocation.href));
    try {
      await app.navigate({ href });
      // Polled (an observable state, not a fixed wait): the router idle, and rendered where it is now; 20 s
      // a ceiling, as `settled` gives a title.
      const deadline = performance.now() + 20_000;
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (app.state.status === 'idle' && rendered.has(app.state.location.href)) resolve();
          else if (performance.now() > deadline)
            reject(
              new Error(
                `openInApp(${href}): the router is ${app.state.status} at ${app.state.location.href}`,
              ),
            );
          else requestAnimationFrame(check);
        };
        check();
      });
    } finally {
      stop();
    }
  }, path);
  await settled(page);
}
