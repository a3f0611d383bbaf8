import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { retryWhileDatabaseAway } from '../../db/health';
import {
  claimDueMessages,
  insertOutboxMessage,
  markMessageFailed,
  markMessageSent,
  type NewOutboxMessage,
  nextAttemptAt,
  type OutboxRow,
} from './outbox.repository';
import { createPoller } from './poller';

/** One e-mail. `kind` says what it is for (e.g. `auth/recovery`), for the outbox and the log. */
export type EmailMessage = NewOutboxMessage;

export type Mailer = {
  /** True when SMTP_URL is set and messages are delivered; false when they are only kept and logged. */
  readonly delivers: boolean;
  /**
   * Writes the message to the outbox. Pass the caller's transaction so the message exists exactly when
   * the change it is about does (the outbox pattern); call `nudge()` after the commit.
   */
  enqueue(db: Db, message: EmailMessage): Promise<number>;
  /** Wakes the sender now instead of at the next poll. */
  nudge(): void;
  /** Stops the sender after the batch in hand; nothing is lost, pending rows wait in the table. */
  stop(): Promise<void>;
};

type Options = {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  pollIntervalMs?: number;
  /** Sleep while nothing is due, this long at most (`createPoller`); only where NOTIFYs wake it. */
  idleMs?: number;
};

const BATCH_SIZE = 10;
/** Longer than any one send can take with the timeouts below. */
const LEASE_SECONDS = 300;
/** A sent message is recorded before its lease can run out and another pass send it again. */
const MARK_SENT_WITHIN_MS = (LEASE_SECONDS - 60) * 1000;
const MAX_ATTEMPTS = 15;
const FIRST_RETRY_SECONDS = 10;
const MAX_RETRY_SECONDS = 3600;

/** 10 s, 20 s, 40 s … up to an hour: 15 attempts span about seven hours of an SMTP server being down. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}

/**
 * E-mail through a durable outbox. With SMTP_URL every message is written as `pending` and a sender loop
 * delivers it through nodemailer with retries and back-off; an SMTP server that is down loses nothing.
 * Without SMTP_URL messages are written as `kept` and their full text goes to the log at info level, so
 * an operator can still pass a recovery link on (see docs/decisions/004-email-outbox.md).
 */
export function createMailer({ db, smtpUrl, from, log, pollIntervalMs = 2000, idleMs }: Options): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async enqueue(tx, message) {
        const id = await insertOutboxMessage(tx, message, 'kept');
        log.info(
          { emailId: id, to: message.to, subject: message.subject, kind: message.kind, text: message.text },
          'e-post lagret i utboksen (SMTP_URL er ikke satt, så den sendes ikke)',
        );
        return id;
      },
      nudge() {},
      async stop() {},
    };
  }

  // One kept-open connection instead of a new one per message: about 10 ms a message instead of 110 ms
  // (bench/notifications.ts), which matters when an alert goes to a whole group.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  async function deliver(row: OutboxRow) {
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.attachments ? { attachments: row.attachments } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const retry = row.attempts >= MAX_ATTEMPTS ? null : retryDelaySeconds(row.attempts);
      await markMessageFailed(db, row.id, error, retry);
      log.warn(
        { emailId: row.id, to: row.to, attempts: row.attempts, retryInSeconds: retry, error },
        retry === null ? 'e-post ga opp etter for mange forsøk' : 'e-post feilet; prøver igjen senere',
      );
      return;
    }
    // Sent: unrecorded, it would go again when its lease runs out. A database away is waited for, within it.
    await retryWhileDatabaseAway(() => markMessageSent(db, row.id), { maxMs: MARK_SENT_WITHIN_MS });
    log.info({ emailId: row.id, to: row.to, subject: row.subject, kind: row.kind }, 'e-post sendt');
  }

  async function drainDue() {
    for (;;) {
      const batch = await claimDueMessages(db, 'email', BATCH_SIZE, LEASE_SECONDS);
      for (const row of batch) {
        if (poller.stopped) return; // the lease expires and another instance (or the next start) sends it
        await deliver(row);
      }
      if (batch.length < BATCH_SIZE || poller.stopped) return;
    }
  }

  const poller = createPoller({
    pass: async () => {
      await drainDue();
      return { nextDueAt: await nextAttemptAt(db, 'email') };
    },
    intervalMs: pollIntervalMs,
    idleMs,
    onError: (err) => log.error({ err }, 'e-postutsending feilet (databasen?); prøver igjen'),
  });
  poller.start();
  return {
    delivers: true,
    enqueue: (tx, message) => insertOutboxMessage(tx, message, 'pending'),
    nudge: poller.nudge,
    async stop() {
      await poller.stop();
      transport.close();
    },
  };
}
