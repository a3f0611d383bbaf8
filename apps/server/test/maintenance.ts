import type { TestContext } from './helpers';
import { type ApiClient, caller, createBay, createLocation, grantAccess } from './locations';

/**
 * The people of the maintenance tests (an admin; an operator and a viewer granted every facility made by
 * `locationWithBay`; an operator of other facilities) and what every test makes its own of.
 */
export async function maintenanceSetting(ctx: TestContext) {
  const admin = await caller(ctx, 'admin');
  const operator = await caller(ctx, 'operator');
  const outsider = await caller(ctx, 'operator');
  const viewer = await caller(ctx, 'user');

  /** A facility of its own with one bay, granted to `operator` and `viewer`. */
  async function locationWithBay(status?: string) {
    const locationId = await createLocation(admin);
    const bayId = await createBay(admin, locationId, status ? { status } : {});
    await grantAccess(ctx, operator.user.id, locationId);
    await grantAccess(ctx, viewer.user.id, locationId);
    return { locationId, bayId };
  }

  const startBody = (bayId: string, overrides: Record<string, unknown> = {}) => ({
    bayId,
    type: 'service',
    assigneeId: operator.user.id,
    description: 'Bytter børster',
    reminderHours: 1,
    reminderMinutes: 30,
    ...overrides,
  });

  const running = async (bayId: string, who: ApiClient = operator) =>
    (await who.post('backend/bays/maintenance/get', { bayId })).json().data;

  return { admin, operator, outsider, viewer, locationWithBay, startBody, running };
}

export type MaintenanceSetting = Awaited<ReturnType<typeof maintenanceSetting>>;
