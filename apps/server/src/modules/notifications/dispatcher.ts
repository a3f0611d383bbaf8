import type { Role } from '@vaskedrift/shared';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { type DesktopSink, desktopDeliveriesOf } from './desktop';
import {
  claimUndispatchedEvents,
  insertEventEmails,
  markEventsDispatched,
  mergeTargets,
  type NewEventEmail,
  type NotificationTarget,
  nextHeldOpeningDueAt,
  resolveTargets,
} from './dispatcher.repository';
import { renderEmail } from './email-templates';
import type { NotificationEventRow } from './events';
import { withIncidentsNow } from './incident-payloads.repository';
import { createPoller, type NextDue } from './poller';
import { renderedPerAudience } from './rendered-per-audience';
import { enqueueWebhookDeliveries } from './webhook-fanout';

/** Events per transaction: each batch commits on its own, so a backlog never holds many rows locked. */
const DISPATCH_BATCH = 100;
const POLL_MS = 1000;
/**
 * Nudged passes at most this often: every check that records an event nudges every instance (a NOTIFY), and
 * at the small end with foresight on that was 12–20 passes a second, each claim walking every event held
 * in its group wait again (most of PostgreSQL's CPU there, issue 28). A quarter second later changes
 * nothing a reader sees: an incident's opening waits its group wait anyway.
 */
const NUDGE_GAP_MS = 250;

type Options = {
  db: Db;
  /** Whether e-mails go out (SMTP_URL set): rows are `pending`; otherwise `kept` and logged. */
  deliversEmail: boolean;
  publicUrl: string;
  log: Pick<Logger, 'info' | 'error' | 'warn'>;
  /** The senders to wake after a batch committed rows (e-mail, webhooks). */
  senders: Array<{ nudge(): void }>;
  /** Given each batch's desktop notifications after its commit (the realtime channel). */
  desktop?: DesktopSink;
  /** Renders report events; without it (tests of other events) a report event reaches nobody. */
  reports?: ReportRenderer;
  /** More channels' rows, written in each batch's transaction (Web Push). */
  fanouts?: DispatchFanout[];
  pollIntervalMs?: number;
  /** Sleep while nothing is due, this long at most (`createPoller`); only where NOTIFYs wake it (wakeups.ts). */
  idleMs?: number;
  /**
   * How long an incident's opening waits before it is sent (Alertmanager's `group_wait`, decision 033):
   * causes that arrive meanwhile are in the one message. `INCIDENT_GROUP_WAIT_MS`.
   */
  incidentGroupWaitMs: number;
  /** The time rows are written at and recipients' reminder intervals are measured by (decision 030). */
  clock?: Clock;
};

/** One address an event reaches: the role behind it (null for a custom address) and the facilities it may hear of. */
type Reader = { to: string; role: Role | null; locationIds: string[] };

/**
 * The e-mails of a report event (`report.*`, docs/domain.md, Reports by e-mail), one per reader or null
 * where the reader's facilities had nothing measured: they read statistics, so the composition gives them.
 */
export type ReportRenderer = (
  event: NotificationEventRow,
  readers: Reader[],
) => Promise<Array<Pick<NewEventEmail, 'subject' | 'text' | 'attachments'> | null>>;

const isReport = (event: NotificationEventRow) => event.type.startsWith('report.');

/**
 * Another channel's rows for a batch, written in the dispatcher's transaction (Web Push: one row per event
 * and device, wired in composition/notifying.ts): the live events of the batch (reports left out) and who
 * gets each, as the desktop channel has them.
 */
type DispatchFanout = (
  tx: Db,
  events: NotificationEventRow[],
  targets: NotificationTarget[],
  now: Date,
) => Promise<void>;

/**
 * One reader per (event, address): the ways one address is reached merge, and so do their facilities. Its
 * links are for the user behind the address (by role), or for anyone when it is only a custom address.
 */
function readersOf(events: NotificationEventRow[], targets: NotificationTarget[]) {
  const keyOf = (target: NotificationTarget) => `${target.eventId}:${target.email.toLowerCase()}`;
  const roles = new Map<string, Role>();
  for (const target of targets) if (target.role) roles.set(keyOf(target), target.role);
  const byEvent = new Map(events.map((event) => [event.id, { event, readers: [] as Reader[] }]));
  for (const { target, locationIds } of mergeTargets(targets, keyOf)) {
    const role = roles.get(keyOf(target)) ?? null;
    byEvent.get(target.eventId)?.readers.push({ to: target.email, role, locationIds: [...locationIds] });
  }
  return [...byEvent.values()];
}

/** One row per (event, address), reports rendered by `reports`, the rest by the e-mail templates. */
async function emailsOf(
  events: NotificationEventRow[],
  targets: NotificationTarget[],
  publicUrl: string,
  reports: ReportRenderer | undefined,
): Promise<NewEventEmail[]> {
  const emails: NewEventEmail[] = [];
  for (const { event, readers } of readersOf(events, targets)) {
    const render = renderedPerAudience((role, visibleLocationIds) =>
      renderEmail(event, { publicUrl, visibleLocationIds, role }),
    );
    const rendered = isReport(event)
      ? await (reports?.(event, readers) ?? readers.map(() => null))
      : readers.map((reader) => render(reader.role, new Set(reader.locationIds)));
    readers.forEach((reader, index) => {
      const email = rendered[index];
      if (!email) return;
      emails.push({
        ...email,
        eventId: event.id,
        recipientKey: reader.to.toLowerCase(),
        to: reader.to,
        kind: `notification/${event.type}`,
      });
    });
  }
  return emails;
}

/**
 * Turns recorded notification events into outbox rows (docs/decisions/019-notifications.md): claims a
 * batch with SKIP LOCKED, resolves who gets each event now, writes one e-mail per address and the webhook
 * deliveries, and stamps `dispatched_at`, all in one transaction. Every instance runs one; `nudge()` after
 * a commit that recorded events saves waiting for the next poll.
 */
export function createDispatcher({
  db,
  deliversEmail,
  publicUrl,
  log,
  senders,
  desktop,
  reports,
  fanouts = [],
  pollIntervalMs = POLL_MS,
  idleMs,
  incidentGroupWaitMs,
  clock = systemClock,
}: Options) {
  async function dispatchBatch(now: Date) {
    return db.transaction(async (tx) => {
      const events = await claimUndispatchedEvents(
        tx,
        DISPATCH_BATCH,
        new Date(now.getTime() - incidentGroupWaitMs),
      );
      const live = await withIncidentsNow(
        tx,
        events.filter((event) => event.suppressed === null),
      );
      const targets = await resolveTargets(
        tx,
        live.map((event) => event.id),
        now,
      );
      const emails = await emailsOf(live, targets, publicUrl, reports);
      await insertEventEmails(tx, emails, deliversEmail ? 'pending' : 'kept', now);
      await enqueueWebhookDeliveries(
        tx,
        live.filter((event) => event.tag !== 'system'),
        publicUrl,
      );
      const told = live.filter((event) => !isReport(event));
      for (const fanout of fanouts) await fanout(tx, told, targets, now);
      await markEventsDispatched(
        tx,
        events.map((event) => event.id),
        now,
      );
      return { events: events.length, emails, live, targets };
    });
  }

  /** After the commit; a fault here is logged and never fails the dispatch (e-mail is already safe). */
  async function tellDesktops(events: NotificationEventRow[], targets: NotificationTarget[]) {
    if (!desktop) return;
    try {
      const deliveries = desktopDeliveriesOf(events, targets);
      if (deliveries.length > 0) await desktop(deliveries);
    } catch (err) {
      log.warn({ err, events: events.length }, 'skrivebordsvarsler ble ikke sendt');
    }
  }

  /** Dispatches every event waiting now, batch after batch; returns how many events and e-mails. */
  async function dispatchDue(now?: Date): Promise<{ events: number; emails: number }> {
    const total = { events: 0, emails: 0 };
    for (;;) {
      const batch = await dispatchBatch(now ?? clock.now());
      total.events += batch.events;
      total.emails += batch.emails.length;
      for (const email of deliversEmail ? [] : batch.emails) {
        log.info(
          { to: email.to, subject: email.subject, kind: email.kind, text: email.text },
          'varsel lagret i utboksen (SMTP_URL er ikke satt, så det sendes ikke)',
        );
      }
      if (batch.events > 0) for (const sender of senders) sender.nudge();
      await tellDesktops(
        batch.live.filter((event) => !isReport(event)),
        batch.targets,
      );
      if (batch.events < DISPATCH_BATCH || poller.stopped) return total;
    }
  }

  /** Everything due dispatched; the next pass when the oldest held incident opening is released. */
  async function dispatchAndWait(): Promise<NextDue> {
    await dispatchDue();
    return { nextDueAt: await nextHeldOpeningDueAt(db, incidentGroupWaitMs) };
  }

  const poller = createPoller({
    pass: dispatchAndWait,
    intervalMs: pollIntervalMs,
    idleMs,
    nudgeGapMs: NUDGE_GAP_MS,
    onError: (err) => log.error({ err }, 'utsending av varsler feilet (databasen?); prøver igjen'),
  });

  return { dispatchDue, start: poller.start, nudge: poller.nudge, stop: poller.stop };
}
