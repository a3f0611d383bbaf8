import type { PlanSkipReason } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { type Clock, systemClock } from '../../lib/clock';
import { lockBay } from '../bays';
import { createPoller } from '../notifications';
import { endLockedJob, publishJobEnded, publishJobStarted, startJobOnLockedBay } from './maintenance-jobs';
import { claimDuePlan, claimJobToEnd, hasRunningJob, updatePlan } from './maintenance-plans.repository';
import { nextColumns } from './maintenance-plans.service';

const PLAN_POLL_MS = 10_000;
/** What the server did, for the audit log: nobody. */
const SERVER = { userId: null, ip: null } as const;

type Deps = {
  db: Db;
  bus: EventBus;
  log: Pick<Logger, 'error'>;
  /** Called after a commit that recorded notification events (the dispatcher's nudge). */
  onRecorded: () => void;
  /** The clock occurrences are due by (decision 030); tests pass `now` to `runDue` or a clock they move. */
  clock?: Clock;
};

/**
 * Planned maintenance on time (docs/domain.md, Maintenance: planned maintenance; decision 018). Each pass
 * first ends the plans' jobs whose expected end has come (at that end), then starts each due occurrence
 * through the one start path (maintenance-jobs.ts: the same job row, status, notifications, reminders and
 * events as 'Start vedlikehold') and moves the plan on to its next occurrence, in the same transaction.
 * One occurrence or job per transaction, claimed with SKIP LOCKED, so with several instances each is
 * handled once, and no two transactions here lock two bays; a unique index on (plan, planned start) is
 * the last word. An occurrence whose bay is in maintenance already, or whose window passed while no
 * instance ran, starts nothing (`maintenance_plan.skipped`).
 */
export function createMaintenancePlanRunner({ db, bus, log, onRecorded, clock = systemClock }: Deps) {
  /** Ends one due job; false when none is due. */
  async function endOne(now: Date): Promise<boolean> {
    const done = await db.transaction(async (tx) => {
      const claimed = await claimJobToEnd(tx, now);
      if (!claimed) return null;
      const endedAt = claimed.job.expiresAt ?? now;
      return { claimed, ...(await endLockedJob(tx, claimed.job, null, endedAt)) };
    });
    if (!done) return false;
    publishJobEnded(
      bus,
      { job: done.claimed.job, endedAt: done.endedAt, applied: done.applied },
      done.claimed.locationId,
      SERVER,
    );
    return true;
  }

  type Outcome =
    | { kind: 'started'; publish: () => void }
    | { kind: 'skipped'; publish: () => void }
    | { kind: 'finished' };

  /** Handles one due occurrence; null when none is due. */
  async function startOne(now: Date): Promise<Outcome | null> {
    return db.transaction(async (tx): Promise<Outcome | null> => {
      const claimed = await claimDuePlan(tx, now);
      if (!claimed) return null;
      const { plan, locationId } = claimed;
      const occurrence = { startsAt: plan.nextStartAt as Date, endsAt: plan.nextEndAt };
      if (!claimed.live) {
        // Its bay or facility was deleted: the plan has nothing more to do.
        await updatePlan(tx, plan.id, { nextStartAt: null, nextEndAt: null });
        return { kind: 'finished' };
      }
      const advance = () =>
        updatePlan(tx, plan.id, {
          ...nextColumns(plan, occurrence.startsAt, now),
          lastStartAt: occurrence.startsAt,
        });
      const skip = async (reason: PlanSkipReason): Promise<Outcome> => {
        await advance();
        return {
          kind: 'skipped',
          publish: () =>
            bus.publish('maintenance_plan.skipped', {
              ...SERVER,
              planId: plan.id,
              bayId: plan.bayId,
              locationId,
              plannedStartAt: occurrence.startsAt,
              reason,
            }),
        };
      };
      if (occurrence.endsAt && occurrence.endsAt <= now) return skip('missed');
      const bay = await lockBay(tx, plan.bayId);
      if (!bay || (await hasRunningJob(tx, plan.bayId))) return skip('running');
      const done = await startJobOnLockedBay(
        tx,
        bay,
        {
          type: plan.type,
          assigneeId: plan.assigneeId,
          customAssignee: plan.customAssignee,
          description: plan.description,
          notifyUsers: plan.notifyUsers,
          reminderHours: plan.reminderHours,
          reminderMinutes: plan.reminderMinutes,
          startedAt: now,
          expiresAt: occurrence.endsAt,
          enabledBy: plan.createdBy,
          planId: plan.id,
          plannedStartAt: occurrence.startsAt,
          endsAutomatically: occurrence.endsAt !== null,
        },
        null,
      );
      await advance();
      return { kind: 'started', publish: () => publishJobStarted(bus, done, locationId, SERVER) };
    });
  }

  /** Ends and starts everything due at `now`; returns how many of each. */
  async function runDue(now = clock.now()): Promise<{ ended: number; started: number; skipped: number }> {
    const counts = { ended: 0, started: 0, skipped: 0 };
    while (await endOne(now)) counts.ended += 1;
    for (;;) {
      const outcome = await startOne(now);
      if (!outcome) break;
      if (outcome.kind === 'finished') continue;
      outcome.publish();
      counts[outcome.kind] += 1;
    }
    if (counts.ended + counts.started > 0) onRecorded();
    return counts;
  }

  const poller = createPoller({
    pass: () => runDue(),
    intervalMs: PLAN_POLL_MS,
    onError: (err) => log.error({ err }, 'planlagt vedlikehold feilet (databasen?); prøver igjen'),
  });
  return { runDue, start: poller.start, stop: poller.stop, nudge: poller.nudge };
}
