import type { Logger } from 'pino';
import type { Config } from '../../config';
import { tryAdvisoryXactLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { createRepeatingJob } from '../../lib/repeating-job';
import { purgeExpiredRateLimits } from '../auth';
import { deleteUnattachedImages } from '../images';
import { deleteDispatchedEvents, deleteFinishedMessages, deleteOldAttempts } from '../notifications';
import { deleteExpiredActionTokens } from '../web-push';

/** Transaction-level advisory lock: one instance cleans up at a time; the others skip that round. */
const HOUSEKEEPING_LOCK = 727_301;
const EVERY_MS = 24 * 60 * 60 * 1000;
/** A round that failed (database away) is tried again this soon instead of a day later. */
const RETRY_MS = 60 * 60 * 1000;
/** Rows per DELETE: each batch commits on its own, so a large backlog never holds many rows locked. */
export const HOUSEKEEPING_BATCH = 500;

export type HousekeepingReport = {
  images: number;
  emails: number;
  notificationEvents: number;
  webhookAttempts: number;
  rateLimits: number;
  /** Push notifications' action tokens a day past their expiry (Web Push, decision 038). */
  pushActionTokens: number;
};

type Deps = { db: Db; log: Pick<Logger, 'info' | 'error'>; config: Config['housekeeping'] };

/**
 * The daily clean-up of decision 013: uploaded images no facility uses, e-mails that are done with
 * (sent, kept, given up), dispatched notification events and the webhook delivery log, once past the
 * e-mail retention, and sign-in failure counters whose window ended over an hour ago. Every instance
 * runs it; the advisory lock lets one do each round.
 */
export function createHousekeeping({ db, log, config }: Deps) {
  /** Set by stop(): a round by hand (runOnce) ends early too, so closing never waits for a backlog. */
  let stopped = false;

  /** Deletes batch after batch until one comes back short, or the server is stopping. */
  async function drain(deleteBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch();
      total += deleted;
      if (deleted < HOUSEKEEPING_BATCH || stopped) return total;
    }
  }

  /**
   * One round; null when another instance holds the lock. The lock's transaction does nothing else: the
   * batches run on other pool connections and commit one by one (so the pool needs two connections).
   */
  async function runOnce(): Promise<HousekeepingReport | null> {
    return db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, HOUSEKEEPING_LOCK))) return null;
      let emailsAfter = 0;
      let rateLimitsAfter = '';
      const report = {
        images: await drain(() =>
          deleteUnattachedImages(db, config.unattachedImageRetentionHours, HOUSEKEEPING_BATCH),
        ),
        emails: await drain(async () => {
          const batch = await deleteFinishedMessages(
            db,
            config.emailRetentionDays,
            HOUSEKEEPING_BATCH,
            emailsAfter,
          );
          emailsAfter = batch.lastId;
          return batch.deleted;
        }),
        notificationEvents: await drain(() =>
          deleteDispatchedEvents(db, config.emailRetentionDays, HOUSEKEEPING_BATCH),
        ),
        webhookAttempts: await drain(() =>
          deleteOldAttempts(db, config.emailRetentionDays, HOUSEKEEPING_BATCH),
        ),
        rateLimits: await drain(async () => {
          const batch = await purgeExpiredRateLimits(db, HOUSEKEEPING_BATCH, rateLimitsAfter);
          rateLimitsAfter = batch.lastKey;
          return batch.deleted;
        }),
        pushActionTokens: await drain(() => deleteExpiredActionTokens(db, HOUSEKEEPING_BATCH)),
      };
      if (Object.values(report).some((deleted) => deleted > 0)) {
        log.info(
          {
            deletedImages: report.images,
            deletedEmails: report.emails,
            deletedNotificationEvents: report.notificationEvents,
            deletedWebhookAttempts: report.webhookAttempts,
            deletedRateLimits: report.rateLimits,
          },
          'opprydding: slettet ubrukte bilder, gamle e-poster, sendte varsler, gamle webhookleveringer og utløpte innloggingstellere',
        );
      }
      return report;
    });
  }

  const job = createRepeatingJob({
    round: runOnce,
    // The first round comes a minute or two after start (instances started together spread out).
    firstDelayMs: () => 60_000 + Math.random() * 60_000,
    nextDelayMs: () => EVERY_MS,
    retryDelayMs: RETRY_MS,
    onError: (err) => log.error({ err }, 'opprydding feilet; prøver igjen om en time'),
  });

  return {
    runOnce,
    start() {
      stopped = false;
      job.start();
    },
    /** Ends the round in hand after its current batch. */
    async stop() {
      stopped = true;
      await job.stop();
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
