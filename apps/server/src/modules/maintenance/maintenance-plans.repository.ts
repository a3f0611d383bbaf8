import type { MaintenancePlan, PersonRef, PlanRepeat, PlanRule } from '@vaskedrift/shared';
import { and, asc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bays, locations, maintenanceJobs, maintenancePlans, users } from '../../db/schema';
import { pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

export type PlanRow = typeof maintenancePlans.$inferSelect;
export type NewPlan = typeof maintenancePlans.$inferInsert;

/** Plans on live bays of facilities the viewer sees, with their bay, facility and people. */
function selectPlans(db: Db, viewer: Viewer, where: SQL | undefined) {
  const p = maintenancePlans;
  return db
    .select({
      plan: p,
      bayName: bays.name,
      locationId: bays.locationId,
      locationName: locations.name,
      assigneeName: fullName(assignee),
      createdByName: fullName(creator),
      total: totalCount(),
    })
    .from(p)
    .innerJoin(bays, eq(bays.id, p.bayId))
    .innerJoin(locations, eq(locations.id, bays.locationId))
    .leftJoin(assignee, eq(assignee.id, p.assigneeId))
    .leftJoin(creator, eq(creator.id, p.createdBy))
    .where(and(isNull(bays.deletedAt), visibleLocationsCondition(viewer), where))
    .$dynamic();
}

type SelectedPlan = Awaited<ReturnType<typeof selectPlans>>[number];

const ref = (id: string | null, name: string | null): PersonRef | null => (id && name ? { id, name } : null);

/** The plan's repeat as the contract says it. */
function repeatOf(plan: Pick<PlanRow, 'repeatKind' | 'repeatEvery' | 'repeatWeekdays'>): PlanRepeat {
  if (plan.repeatKind === 'days') return { kind: 'days', every: plan.repeatEvery };
  if (plan.repeatKind === 'weeks')
    return { kind: 'weeks', every: plan.repeatEvery, weekdays: [...plan.repeatWeekdays] };
  return { kind: 'none' };
}

/** The columns of a repeat: weekdays sorted, each once. */
export function repeatColumns(repeat: PlanRepeat) {
  return {
    repeatKind: repeat.kind,
    repeatEvery: repeat.kind === 'none' ? 1 : repeat.every,
    repeatWeekdays: repeat.kind === 'weeks' ? [...new Set(repeat.weekdays)].sort((a, b) => a - b) : [],
  };
}

/** The rule the recurrence module reads (packages/shared/src/maintenance-recurrence.ts). */
export function ruleOf(
  plan: Pick<PlanRow, 'startsAt' | 'endsAt' | 'repeatKind' | 'repeatEvery' | 'repeatWeekdays'>,
): PlanRule {
  return { startsAt: plan.startsAt, endsAt: plan.endsAt, recurrence: repeatOf(plan) };
}

function toPlan(row: SelectedPlan): MaintenancePlan {
  const { plan } = row;
  return {
    id: plan.id,
    bayId: plan.bayId,
    bayName: row.bayName,
    locationId: row.locationId,
    locationName: row.locationName,
    type: plan.type,
    assignee: ref(plan.assigneeId, row.assigneeName),
    customAssignee: plan.customAssignee ?? null,
    description: plan.description,
    notifyUsers: plan.notifyUsers,
    reminderHours: plan.reminderHours,
    reminderMinutes: plan.reminderMinutes,
    startsAt: plan.startsAt.toISOString(),
    endsAt: plan.endsAt?.toISOString() ?? null,
    repeat: repeatOf(plan),
    nextStartAt: plan.nextStartAt?.toISOString() ?? null,
    nextEndAt: plan.nextEndAt?.toISOString() ?? null,
    createdBy: ref(plan.createdBy, row.createdByName),
    createdAt: plan.createdAt.toISOString(),
  };
}

export async function findPlan(db: Db, viewer: Viewer, id: string): Promise<MaintenancePlan | undefined> {
  const [row] = await selectPlans(db, viewer, eq(maintenancePlans.id, id));
  return row ? toPlan(row) : undefined;
}

export type PlanScope = { bayId?: string; locationId?: string };

/** The plans still to come (a next occurrence) in the scope, the soonest first. */
export async function listPlans(
  db: Db,
  viewer: Viewer,
  scope: PlanScope,
  page: { page: number; perPage: number },
): Promise<{ data: MaintenancePlan[]; count: number }> {
  const p = maintenancePlans;
  const { limit, offset } = pageWindow(page);
  const rows = await selectPlans(
    db,
    viewer,
    and(
      isNotNull(p.nextStartAt),
      scope.bayId ? eq(p.bayId, scope.bayId) : undefined,
      scope.locationId ? eq(bays.locationId, scope.locationId) : undefined,
    ),
  )
    .orderBy(asc(p.nextStartAt), p.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map(toPlan), count: rows[0]?.total ?? 0 };
}

export async function insertPlan(tx: Db, plan: NewPlan): Promise<PlanRow> {
  const [row] = await tx.insert(maintenancePlans).values(plan).returning();
  if (!row) throw new Error('maintenance plan not inserted');
  return row;
}

/** A plan with its bay's facility, locked against a concurrent change, delete or start. */
export async function lockPlan(tx: Db, id: string) {
  const [row] = await tx
    .select({ plan: maintenancePlans, locationId: bays.locationId })
    .from(maintenancePlans)
    .innerJoin(bays, eq(bays.id, maintenancePlans.bayId))
    .where(eq(maintenancePlans.id, id))
    .for('update', { of: maintenancePlans });
  return row;
}

export async function updatePlan(tx: Db, id: string, set: Partial<NewPlan>): Promise<void> {
  await tx
    .update(maintenancePlans)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(maintenancePlans.id, id));
}

export async function deletePlan(tx: Db, id: string): Promise<void> {
  await tx.delete(maintenancePlans).where(eq(maintenancePlans.id, id));
}

/**
 * One plan whose next occurrence is due at `now`, locked; another instance skips it (decision 009), and
 * once this transaction has moved `next_start_at` on, no claim finds that occurrence again. `live` is
 * false for a plan whose bay or facility was deleted.
 */
export async function claimDuePlan(tx: Db, now: Date) {
  const [row] = await tx
    .select({
      plan: maintenancePlans,
      locationId: bays.locationId,
      live: sql<boolean>`${bays.deletedAt} is null and ${locations.deletedAt} is null`,
    })
    .from(maintenancePlans)
    .innerJoin(bays, eq(bays.id, maintenancePlans.bayId))
    .innerJoin(locations, eq(locations.id, bays.locationId))
    .where(lte(maintenancePlans.nextStartAt, now))
    .orderBy(asc(maintenancePlans.nextStartAt))
    .limit(1)
    .for('update', { of: maintenancePlans, skipLocked: true });
  return row;
}

/** One running job of a plan whose expected end has come at `now`, locked (SKIP LOCKED), with its facility. */
export async function claimJobToEnd(tx: Db, now: Date) {
  const j = maintenanceJobs;
  const [row] = await tx
    .select({ job: j, locationId: bays.locationId })
    .from(j)
    .innerJoin(bays, eq(bays.id, j.bayId))
    .where(and(isNull(j.endedAt), eq(j.endsAutomatically, true), lte(j.expiresAt, now)))
    .orderBy(asc(j.expiresAt))
    .limit(1)
    .for('update', { of: j, skipLocked: true });
  return row;
}

/** Whether the bay has a running job (read under the bay's lock). */
export async function hasRunningJob(tx: Db, bayId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: maintenanceJobs.id })
    .from(maintenanceJobs)
    .where(and(eq(maintenanceJobs.bayId, bayId), isNull(maintenanceJobs.endedAt)));
  return row !== undefined;
}
