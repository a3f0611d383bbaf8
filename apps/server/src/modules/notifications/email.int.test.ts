import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fault-actors';
import { createTestDatabase } from '../../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { connectDatabase, type Database } from '../../db/client';
import { createMailer, retryDelaySeconds } from './email';

let database: Database;
let drop: () => Promise<void>;
let smtp: TestSmtpServer;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = connectDatabase(created.url, 10);
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await database.close();
  await drop();
  await smtp.close();
});

const quietLog = () => {
  const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const keep = (obj: Record<string, unknown>, msg: string) => void lines.push({ obj, msg });
  return { lines, log: { info: keep, warn: keep, error: keep } as never };
};

describe('e-mail outbox', () => {
  it('two instances sending from one outbox deliver every message exactly once', async () => {
    const a = createMailer({ db: database.db, smtpUrl: smtp.url, from: 'a@example.no', log: quietLog().log });
    const b = createMailer({ db: database.db, smtpUrl: smtp.url, from: 'b@example.no', log: quietLog().log });
    const recipients = Array.from({ length: 30 }, (_, i) => `mottaker${i}@example.com`);
    const delivered = () => smtp.messages.flatMap((m) => m.to).filter((to) => to.startsWith('mottaker'));
    try {
      await Promise.all(
        recipients.map((to, i) =>
          (i % 2 ? a : b).enqueue(database.db, { to, subject: `Melding ${i}`, text: 'Hei', kind: 'test' }),
        ),
      );
      a.nudge();
      b.nudge();
      await waitFor(() => delivered().length >= recipients.length, 'alle e-postene', 20_000, 50);
    } finally {
      // Each stop finishes the mailer's pass in hand: every message either began has reached the SMTP server
      // after it, so a duplicate would be among the messages now, and nothing is sent after.
      await a.stop();
      await b.stop();
    }
    expect(delivered().sort()).toEqual([...recipients].sort());
    const { rows } = await database.pool.query(
      `select status, count(*)::int as n, max(attempts) as attempts from outbox where kind = 'test' group by status`,
    );
    expect(rows).toEqual([{ status: 'sent', n: 30, attempts: 1 }]);
  });

  it('without SMTP_URL keeps the message and logs its full text so it can be passed on', async () => {
    const { lines, log } = quietLog();
    const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: 'x@example.no', log });
    expect(mailer.delivers).toBe(false);
    const id = await mailer.enqueue(database.db, {
      to: 'kari@example.com',
      subject: 'Tilbakestill passordet',
      text: 'Lenke: https://drift.example.no/sign-in/reset?token=abc',
      kind: 'auth/recovery',
    });
    const { rows } = await database.pool.query('select status, attempts from outbox where id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'kept', attempts: 0 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({
      to: 'kari@example.com',
      text: expect.stringContaining('token=abc'),
    });
    await mailer.stop();
  });

  it('backs off exponentially up to an hour between attempts', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(15)).toBe(3600);
  });
});
