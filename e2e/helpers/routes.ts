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
