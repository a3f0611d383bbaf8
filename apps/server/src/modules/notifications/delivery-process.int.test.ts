import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fault-actors';
import { createTestDatabase } from '../../../test/helpers';
import { recordEvent } from '../../../test/notify';
import { freePort, type ServerProcess, startServer } from '../../../test/server-process';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { connectDatabase, type Database } from '../../db/client';
import { insertOutboxMessage } from './outbox.repository';

let database: Database;
let drop: () => Promise<void>;
let smtp: TestSmtpServer | undefined;
let dataDir: string;
let env: Record<string, string>;
const started: ServerProcess[] = [];

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = connectDatabase(created.url, 5);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaskedrift-notify-'));
  env = { DATABASE_URL: created.url, SECRET_KEY: randomBytes(32).toString('hex'), DATA_DIR: dataDir };
});
afterAll(async () => {
  for (const server of started) if (server.child.exitCode == null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  await database.close();
  await drop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (query: string) => Number((await database.pool.query(query)).rows[0].n);

describe('notifications across a kill -9', () => {
  it('delivers every notification exactly once after the server was killed with work in hand', async () => {
    const { rows } = await database.pool.query<{ location: string; bay: string }>(`
      with l as (insert into locations (name, address, postal_code, city)
                 values ('Vask Bryn', 'Storgata 1', '0155', 'Oslo') returning id)
      insert into bays (location_id, name) select id, 'Hall 1' from l returning location_id as location, id as bay`);
    const at = { locationId: rows[0]?.location as string, bayId: rows[0]?.bay as string };
    await database.pool.query(`
      insert into notification_recipients (kind, name, email, tags)
      values ('custom', 'Vakt', 'vakt@example.no', '{critical}'), ('custom', 'Leder', 'leder@example.no', '{critical}')`);
    const direct = [];
    for (let i = 0; i < 3; i++) {
      direct.push(
        await insertOutboxMessage(
          database.db,
          { to: 'kari@example.no', subject: `Lenke ${i}`, text: 'Lenke', kind: 'auth/recovery' },
          'pending',
        ),
      );
    }

    const events: number[] = [];
    for (let i = 0; i < 40; i++) events.push(await recordEvent(database.db, at));
    // Ten events are in another dispatcher's hands (locked) when the server dies: they stay undispatched.
    // Locked before the server starts: it is woken at each commit (NOTIFY), so it would take them first.
    const other = await database.pool.connect();
    await other.query('begin');
    await other.query('select id from notification_events where id = any($1) for update', [
      events.slice(-10),
    ]);
    // The first server cannot reach SMTP (nothing listens on the port) and is killed mid-work.
    const deadPort = await freePort();
    const first = await startServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    started.push(first);
    // Killed once the first server has dispatched every event it can take (all but the ten locked) and
    // holds their e-mails, unsendable, in the outbox: on a busy machine it gets there later, not sooner.
    await waitFor(
      async () =>
        (await count('select count(*) as n from notification_events where dispatched_at is null')) === 10 &&
        (await count(`select count(*) as n from outbox where channel = 'email' and event_id is not null`)) >
          0,
      'alle hendelser unntatt de ti låste i utboksen',
      30_000,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    await other.query('rollback');
    other.release();
    const undispatched = await count(
      'select count(*) as n from notification_events where dispatched_at is null',
    );
    const pending = await count(`select count(*) as n from outbox where status = 'pending'`);
    expect(undispatched).toBe(10);
    expect(pending).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from outbox where status = 'sent'`)).toBe(0);
    // The back-off and the killed sender's lease would run out in seconds to minutes; let that time pass.
    await database.pool.query(`update outbox set next_attempt_at = now() where status = 'pending'`);

    smtp = await startSmtpServer();
    const second = await startServer({ ...env, SMTP_URL: smtp.url });
    started.push(second);
    const expected = events.length * 2 + direct.length;
    await waitFor(async () => (smtp?.messages.length ?? 0) >= expected, `${expected} e-poster`, 30_000);
    // A duplicate would come from a row still pending or in a sender's hands: wait until every event is
    // dispatched and every row sent, then stop the server, which finishes the batch in hand first. After
    // it exited nothing more can be sent, so a duplicate would be among the messages now.
    await waitFor(
      async () =>
        (await count(`select count(*) as n from outbox where status <> 'sent'`)) === 0 &&
        (await count('select count(*) as n from notification_events where dispatched_at is null')) === 0,
      'alle hendelser utsendt og alle e-poster sendt',
      30_000,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const received = smtp.messages.map((m) => `${m.to.join(',')} ${m.subject}`);
    expect(received).toHaveLength(expected);
    expect(new Set(received).size).toBe(direct.length + 2);
    expect(await count(`select count(*) as n from outbox where status <> 'sent'`)).toBe(0);
    expect(
      await count(`select count(*) as n from (select event_id, recipient_key from outbox where event_id is not null
        group by 1, 2 having count(*) > 1) d`),
    ).toBe(0);
    console.info(
      `drept med ${undispatched} uutsendte hendelser og ${pending} ventende e-poster; alt levert én gang`,
    );
  }, 120_000);
});
