import type { Clock } from '../src/lib/clock';
import type { TestContext } from './helpers';
import { caller, createBay, createLocation, grantAccess } from './locations';

/** A clock that stands still where a test puts it. */
export function settableClock(): Clock & { set(iso: string): void } {
  let now = Date.now();
  return {
    now: () => new Date(now),
    set(iso: string) {
      now = Date.parse(iso);
    },
  };
}

/** Ends every running job and deletes every plan, so a test sees only its own plans. */
export async function clearPlans(ctx: TestContext): Promise<void> {
  await ctx.database.pool.query(
    'delete from maintenance_plans; update maintenance_jobs set ended_at = now() where ended_at is null',
  );
}

/** An admin, an operator granted a new facility with one bay, and a viewer granted it too. */
export async function locationWithPeople(ctx: TestContext) {
  const admin = await caller(ctx, 'admin');
  const operator = await caller(ctx, 'operator');
  const viewer = await caller(ctx, 'user');
  const locationId = await createLocation(admin);
  const bayId = await createBay(admin, locationId);
  await grantAccess(ctx, operator.user.id, locationId);
  await grantAccess(ctx, viewer.user.id, locationId);
  return { admin, operator, viewer, locationId, bayId };
}

export const planBody = (bayId: string, assigneeId: string, overrides: Record<string, unknown> = {}) => ({
  bayId,
  type: 'service',
  assigneeId,
  description: 'Bytte børster',
  reminderHours: 1,
  reminderMinutes: 0,
  ...overrides,
});
