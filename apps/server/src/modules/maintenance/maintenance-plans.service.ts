import {
  type CreateMaintenancePlanInput,
  type GetMaintenancePlansInput,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_PLAN_MESSAGES,
  type MaintenancePlan,
  PLAN_START_GRACE_MS,
  type PlanIssue,
  pendingOccurrence,
  planRuleIssues,
  planStartIssue,
  type UpdateMaintenancePlanInput,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { assertLocationVisible } from '../access';
import { mustFindBay } from '../bays';
import { mayBeAssigned } from './maintenance.repository';
import {
  deletePlan,
  findPlan,
  insertPlan,
  listPlans,
  lockPlan,
  type NewPlan,
  type PlanRow,
  repeatColumns,
  ruleOf,
  updatePlan,
} from './maintenance-plans.repository';

export type MaintenancePlansService = ReturnType<typeof createMaintenancePlansService>;

/** The next occurrence of a plan's rule after `lastStartAt`, as the columns that hold it. */
export function nextColumns(
  plan: Pick<PlanRow, 'startsAt' | 'endsAt' | 'repeatKind' | 'repeatEvery' | 'repeatWeekdays'>,
  lastStartAt: Date | null,
  now: Date,
) {
  const next = pendingOccurrence(ruleOf(plan), { after: lastStartAt, now, graceMs: PLAN_START_GRACE_MS });
  return { nextStartAt: next?.startsAt ?? null, nextEndAt: next?.endsAt ?? null };
}

function assertNoIssues(issues: (PlanIssue | null)[]) {
  const found = issues.filter((issue): issue is PlanIssue => issue !== null);
  if (found.length > 0) throw new ValidationError(found[0]?.message ?? '', found);
}

/**
 * Planned maintenance (docs/domain.md, Maintenance: planned maintenance): make, read, change and delete
 * plans. The jobs they start and end are the plan runner's (maintenance-plan-runner.ts); `onChanged`
 * nudges it, so a plan made for now starts at once.
 */
export function createMaintenancePlansService({
  db,
  bus,
  clock = systemClock,
  onChanged = () => {},
}: {
  db: Db;
  bus: EventBus;
  /** Whether a start lies in the past, and from when the next occurrence is found (decision 030). */
  clock?: Clock;
  onChanged?: () => void;
}) {
  async function mustFindPlan(viewer: Viewer, id: string): Promise<MaintenancePlan> {
    const plan = await findPlan(db, viewer, id);
    if (!plan) throw new NotFoundError(MAINTENANCE_PLAN_MESSAGES.notFound);
    return plan;
  }

  async function assertAssignable(assigneeId: string | null | undefined, locationId: string) {
    if (assigneeId && !(await mayBeAssigned(db, assigneeId, locationId))) {
      throw new ValidationError(MAINTENANCE_MESSAGES.assigneeNoAccess, [
        { path: 'assigneeId', message: MAINTENANCE_MESSAGES.assigneeNoAccess },
      ]);
    }
  }

  function eventOf(caller: Caller, plan: { id: string; bayId: string }, locationId: string) {
    return { userId: caller.userId, ip: caller.ip, planId: plan.id, bayId: plan.bayId, locationId };
  }

  /** `{id}`: one plan, a finished one too; otherwise a page of the plans to come, the soonest first. */
  async function get(viewer: Viewer, input: GetMaintenancePlansInput & { page: number; perPage: number }) {
    if (input.id) return { data: await mustFindPlan(viewer, input.id) };
    const filters = input.filters ?? {};
    if (filters.bayId) await mustFindBay(db, viewer, filters.bayId);
    else if (filters.locationId) await assertLocationVisible(db, viewer, filters.locationId);
    return listPlans(db, viewer, filters, input);
  }

  async function create(caller: Caller, input: CreateMaintenancePlanInput) {
    const bay = await mustFindBay(db, caller, input.bayId);
    await assertAssignable(input.assigneeId, bay.locationId);
    const now = clock.now();
    assertNoIssues([planStartIssue(input.startsAt, now)]);
    const rule = {
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      ...repeatColumns(input.repeat),
    };
    const next = nextColumns(rule, null, now);
    // A start within the grace whose window is already over has no occurrence left to plan.
    if (!next.nextStartAt)
      assertNoIssues([{ path: 'startsAt', message: MAINTENANCE_PLAN_MESSAGES.startInPast }]);
    const plan = await insertPlan(db, {
      bayId: bay.id,
      type: input.type,
      assigneeId: input.assigneeId ?? null,
      customAssignee: input.customAssignee ?? null,
      description: input.description,
      notifyUsers: input.notifyUsers,
      reminderHours: input.reminderHours,
      reminderMinutes: input.reminderMinutes,
      ...rule,
      ...next,
      createdBy: caller.userId,
    });
    bus.publish('maintenance_plan.created', {
      ...eventOf(caller, plan, bay.locationId),
      repeat: input.repeat.kind,
      nextStartAt: next.nextStartAt,
    });
    onChanged();
    return { data: await mustFindPlan(caller, plan.id), message: MAINTENANCE_PLAN_MESSAGES.created };
  }

  /**
   * Changes the fields sent, checks the times together with the stored ones and works out the next
   * occurrence again (after the last one started, if any). A job the plan already started is left as it is.
   */
  async function update(caller: Caller, input: UpdateMaintenancePlanInput) {
    const before = await mustFindPlan(caller, input.id);
    await assertAssignable(input.assigneeId, before.locationId);
    const now = clock.now();
    const { id, startsAt, endsAt, repeat, ...rest } = input;
    const set: Partial<NewPlan> = {};
    for (const [field, value] of Object.entries(rest)) {
      if (value !== undefined) Object.assign(set, { [field]: value });
    }
    if (input.assigneeId) set.customAssignee = null;
    if (input.customAssignee) set.assigneeId = null;
    const merged = {
      startsAt: startsAt ?? before.startsAt,
      endsAt: endsAt === undefined ? before.endsAt : endsAt,
      repeat: repeat ?? before.repeat,
    };
    const startChanged = startsAt !== undefined && Date.parse(startsAt) !== Date.parse(before.startsAt);
    assertNoIssues([startChanged ? planStartIssue(merged.startsAt, now) : null, ...planRuleIssues(merged)]);
    if (startsAt !== undefined) set.startsAt = new Date(startsAt);
    if (endsAt !== undefined) set.endsAt = endsAt === null ? null : new Date(endsAt);
    if (repeat !== undefined) Object.assign(set, repeatColumns(repeat));
    const assignee = {
      assigneeId: before.assignee?.id ?? null,
      customAssignee: before.customAssignee,
      ...set,
    };
    if (!assignee.assigneeId && !assignee.customAssignee) {
      throw new ValidationError(MAINTENANCE_MESSAGES.assigneeRequired, [
        { path: 'assigneeId', message: MAINTENANCE_MESSAGES.assigneeRequired },
      ]);
    }
    const fields = Object.entries(input)
      .filter(([field, value]) => field !== 'id' && value !== undefined)
      .map(([field]) => field)
      .sort();
    const next = await db.transaction(async (tx) => {
      const locked = await lockPlan(tx, id);
      if (!locked) throw new NotFoundError(MAINTENANCE_PLAN_MESSAGES.notFound);
      const rule = { ...locked.plan, ...set };
      const columns = nextColumns(rule, locked.plan.lastStartAt, now);
      await updatePlan(tx, id, { ...set, ...columns });
      return columns;
    });
    if (fields.length > 0) {
      bus.publish('maintenance_plan.updated', {
        ...eventOf(caller, before, before.locationId),
        fields,
        nextStartAt: next.nextStartAt,
      });
    }
    onChanged();
    return { data: await mustFindPlan(caller, id), message: MAINTENANCE_PLAN_MESSAGES.updated };
  }

  /** Deletes a plan: no more occurrences. A job it started runs on (and still ends at its expected end). */
  async function remove(caller: Caller, id: string) {
    const plan = await mustFindPlan(caller, id);
    await db.transaction(async (tx) => {
      const locked = await lockPlan(tx, id);
      if (!locked) throw new NotFoundError(MAINTENANCE_PLAN_MESSAGES.notFound);
      await deletePlan(tx, id);
    });
    bus.publish('maintenance_plan.deleted', eventOf(caller, plan, plan.locationId));
    return { message: MAINTENANCE_PLAN_MESSAGES.deleted };
  }

  return { get, create, update, remove };
}
