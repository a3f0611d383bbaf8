import { isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { type Clock, systemClock } from '../../lib/clock';
import { createPoller, recordNotificationEvents } from '../notifications';
import type { ReportEventPayload } from './report-email';
import { periodsToSend } from './report-periods';

const POLL_MS = 60_000;

/**
 * Records the report events that are due (docs/domain.md, Reports by e-mail): every instance looks once a
 * minute, and the event's dedupe key (`report:weekly:2026-W48`) lets only the first record it, so each
 * period's report goes out once however many instances run. The event names every facility there is; the
 * dispatcher narrows it to each recipient's scope and access, and the report renderer writes the e-mails.
 */
export function createReportScheduler({
  db,
  log,
  onRecorded,
  clock = systemClock,
  pollIntervalMs = POLL_MS,
}: {
  db: Db;
  log: Pick<Logger, 'info' | 'error'>;
  /** Called after a commit that recorded a report event (the dispatcher's nudge). */
  onRecorded: () => void;
  clock?: Clock;
  pollIntervalMs?: number;
}) {
  /** Records the reports due at `now` that no instance recorded yet; returns how many it recorded. */
  async function recordDue(now: Date = clock.now()): Promise<number> {
    const periods = periodsToSend(now);
    if (periods.length === 0) return 0;
    const recorded = await db.transaction(async (tx) => {
      const liveLocations = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(isNull(locations.deletedAt));
      if (liveLocations.length === 0) return [];
      return recordNotificationEvents(
        tx,
        periods.map((period) => ({
          type: `report.${period.kind}` as const,
          tag: 'reports' as const,
          dedupeKey: `report:${period.kind}:${period.key}`,
          locationIds: liveLocations.map((location) => location.id),
          bayIds: [],
          payload: {
            kind: period.kind,
            key: period.key,
            from: period.from.toISOString(),
            to: period.to.toISOString(),
          } satisfies ReportEventPayload,
          suppressible: false,
        })),
      );
    });
    if (recorded.length > 0) {
      log.info(
        { reports: periods.map((period) => `${period.kind} ${period.key}`) },
        'rapporter klare til utsending',
      );
      onRecorded();
    }
    return recorded.length;
  }

  const poller = createPoller({
    pass: () => recordDue(),
    intervalMs: pollIntervalMs,
    onError: (err) => log.error({ err }, 'rapportene kunne ikke planlegges (databasen?); prøver igjen'),
  });
  return { recordDue, start: poller.start, stop: poller.stop };
}
