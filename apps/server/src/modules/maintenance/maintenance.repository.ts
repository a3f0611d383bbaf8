import type { BayStatus, MaintenanceJob, PersonRef } from '@vaskedrift/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bays, locations, maintenanceJobs, userLocationAccess, users } from '../../db/schema';
import { byName, pageWindow, totalCount } from '../../lib/list-query';
import type { Viewer } from '../../plugins/authenticate';
import { visibleLocationsCondition } from '../access';

const assignee = alias(users, 'assignee');
const enabler = alias(users, 'enabler');
const ender = alias(users, 'ender');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;
const seconds = (interval: SQL) => sql<number>`floor(extract(epoch from ${interval}))::int`;

/**
 * Jobs joined to their bay, facility and the people on them, with their computed durations; no access
 * filter (the screens add the viewer's, notifications read one job).
 */
export function selectJobsWithPeople(db: Db) {
  const j = maintenanceJobs;
  return db
    .select({
      job: j,
      bayName: bays.name,
      locationId: bays.locationId,
      locationName: locations.name,
      assigneeName: fullName(assignee),
      assigneeEmail: assignee.email,
      enabledByName: fullName(enabler),
      endedByName: fullName(ender),
      plannedSeconds: sql<number | null>`${seconds(sql`${j.expiresAt} - ${j.startedAt}`)}`,
      durationSeconds: seconds(sql`greatest(coalesce(${j.endedAt}, now()) - ${j.startedAt}, interval '0')`),
      overdue: sql<boolean>`coalesce(${j.endedAt} is null and ${j.expiresAt} < now(), false)`,
      total: totalCount(),
    })
    .from(j)
    .innerJoin(bays, eq(bays.id, j.bayId))
    .innerJoin(locations, eq(locations.id, bays.locationId))
    .leftJoin(assignee, eq(assignee.id, j.assigneeId))
    .leftJoin(enabler, eq(enabler.id, j.enabledBy))
    .leftJoin(ender, eq(ender.id, j.endedBy))
    .$dynamic();
}

/** Jobs on bays of facilities the viewer may see; deleted bays keep their history. */
function selectJobs(db: Db, viewer: Viewer, where: SQL | undefined) {
  return selectJobsWithPeople(db).where(and(visibleLocationsCondition(viewer), where));
}

type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

const ref = (id: string | null, name: string | null): PersonRef | null => (id && name ? { id, name } : null);

function toJob(row: JobRow): MaintenanceJob {
  const { job } = row;
  return {
    id: job.id,
    bayId: job.bayId,
    bayName: row.bayName,
    locationId: row.locationId,
    locationName: row.locationName,
    type: job.type,
    assignee: ref(job.assigneeId, row.assigneeName),
    customAssignee: job.customAssignee ?? null,
    description: job.description,
    notifyUsers: job.notifyUsers,
    reminderHours: job.reminderHours,
    reminderMinutes: job.reminderMinutes,
    startedAt: job.startedAt.toISOString(),
    expiresAt: job.expiresAt?.toISOString() ?? null,
    endedAt: job.endedAt?.toISOString() ?? null,
    enabledBy: ref(job.enabledBy, row.enabledByName),
    endedBy: ref(job.endedBy, row.endedByName),
    plannedSeconds: row.plannedSeconds,
    durationSeconds: row.durationSeconds,
    overdue: row.overdue,
    planId: job.planId,
    endsAutomatically: job.endsAutomatically,
  };
}

export async function findJob(db: Db, viewer: Viewer, id: string): Promise<MaintenanceJob | undefined> {
  const [row] = await selectJobs(db, viewer, eq(maintenanceJobs.id, id));
  return row ? toJob(row) : undefined;
}

export async function findRunningJob(db: Db, viewer: Viewer, bayId: string): Promise<MaintenanceJob | null> {
  const [row] = await selectJobs(
    db,
    viewer,
    and(eq(maintenanceJobs.bayId, bayId), isNull(maintenanceJobs.endedAt)),
  );
  return row ? toJob(row) : null;
}

export type JobScope = { bayId: string } | { locationId: string };

export async function listJobs(
  db: Db,
  viewer: Viewer,
  scope: JobScope,
  page: { page: number; perPage: number },
): Promise<{ data: MaintenanceJob[]; count: number }> {
  const where =
    'bayId' in scope ? eq(maintenanceJobs.bayId, scope.bayId) : eq(bays.locationId, scope.locationId);
  const { limit, offset } = pageWindow(page);
  const rows = await selectJobs(db, viewer, where)
    .orderBy(desc(maintenanceJobs.startedAt), maintenanceJobs.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map(toJob), count: rows[0]?.total ?? 0 };
}

/**
 * The running jobs on live bays of facilities the viewer sees: overdue first (an expected end that has
 * passed), then the longest running.
 */
export async function listRunningJobs(
  db: Db,
  viewer: Viewer,
  page: { page: number; perPage: number },
): Promise<{ data: MaintenanceJob[]; count: number }> {
  const j = maintenanceJobs;
  const { limit, offset } = pageWindow(page);
  const rows = await selectJobs(db, viewer, and(isNull(j.endedAt), isNull(bays.deletedAt)))
    .orderBy(sql`coalesce(${j.expiresAt} < now(), false) desc`, j.startedAt, j.id)
    .limit(limit)
    .offset(offset);
  return { data: rows.map(toJob), count: rows[0]?.total ?? 0 };
}

export type NewJob = typeof maintenanceJobs.$inferInsert;

export async function insertJob(tx: Db, job: NewJob) {
  const [row] = await tx.insert(maintenanceJobs).values(job).returning();
  return row;
}

/** The running job of a bay, locked against a concurrent change or end. */
export async function lockRunningJob(tx: Db, bayId: string) {
  const [row] = await tx
    .select()
    .from(maintenanceJobs)
    .where(and(eq(maintenanceJobs.bayId, bayId), isNull(maintenanceJobs.endedAt)))
    .for('update');
  return row;
}

export async function updateJob(tx: Db, id: string, set: Partial<NewJob>): Promise<void> {
  await tx
    .update(maintenanceJobs)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(maintenanceJobs.id, id));
}

/** Ends a job at `endedAt` (default the database's now) by `endedBy` (null: the server, on its plan's time). */
export async function endJob(tx: Db, id: string, endedBy: string | null, endedAt?: Date): Promise<Date> {
  const [row] = await tx
    .update(maintenanceJobs)
    .set({ endedAt: endedAt ?? sql`now()`, endedBy, updatedAt: sql`now()` })
    .where(eq(maintenanceJobs.id, id))
    .returning({ endedAt: maintenanceJobs.endedAt });
  return row?.endedAt as Date;
}

/**
 * Active users who have access to the facility: admins and above (who see every facility) and those
 * granted it. Ids and names only: the picker is not the user admin list.
 */
function assigneeCondition(locationId: string): SQL {
  return and(
    isNull(users.disabledAt),
    sql`(${users.role} in ('superadmin', 'admin') or exists (select 1 from ${userLocationAccess}
      where ${userLocationAccess.userId} = ${users.id} and ${userLocationAccess.locationId} = ${locationId}))`,
  ) as SQL;
}

export async function listAssignees(db: Db, locationId: string): Promise<PersonRef[]> {
  const rows = await db
    .select({ id: users.id, name: sql<string>`${fullName(users)}` })
    .from(users)
    .where(assigneeCondition(locationId))
    .orderBy(byName(users.firstName), byName(users.lastName), users.id);
  return rows;
}

export async function mayBeAssigned(db: Db, userId: string, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), assigneeCondition(locationId)));
  return row !== undefined;
}

/** The status a bay without attributes returns to at the end: the one it had before, never `maintenance`. */
export function statusAfterMaintenance(statusBefore: BayStatus): BayStatus {
  return statusBefore === 'maintenance' ? 'operational' : statusBefore;
}
