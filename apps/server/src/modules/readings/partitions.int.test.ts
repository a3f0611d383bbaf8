import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';

/** A day far ahead: no partition of it exists, so the function makes one. */
const DAY = '2031-03-04T00:00:00Z';
const NEXT_DAY = '2031-03-05T00:00:00Z';

describe('readings_partition and concurrent writes', () => {
  let database: { url: string; drop(): Promise<void> };
  let maker: pg.Client;
  let writer: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    maker = new pg.Client({ connectionString: database.url });
    writer = new pg.Client({ connectionString: database.url });
    await Promise.all([maker.connect(), writer.connect()]);
  });

  afterAll(async () => {
    await Promise.all([maker?.end(), writer?.end()]);
    await database?.drop();
  });

  it('a check writing readings of the range while its partition is made waits, then lands in the new partition', async () => {
    await maker.query('begin');
    const made = await maker.query<{ made: boolean }>('select readings_partition($1, $2, $3) as made', [
      'readings',
      DAY,
      NEXT_DAY,
    ]);
    expect(made.rows[0]?.made).toBe(true);

    // A check's insert of a reading in that day, while the partition is not yet committed.
    const writerPid = (await writer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    const insert = writer
      .query(
        `insert into readings (read_at, api, series, value, level) values ($1, 1, '{1}', '{2.5}', '\\x00')`,
        ['2031-03-04T12:00:00Z'],
      )
      .then(
        () => null,
        (err: Error) => err,
      );
    // It waits for the partition's transaction (before the fix it waited on the default partition instead).
    for (let waited = 0; ; waited += 20) {
      const { rows } = await maker.query<{ waiting: number }>(
        'select count(*)::int as waiting from pg_locks where pid = $1 and not granted',
        [writerPid],
      );
      if ((rows[0]?.waiting ?? 0) > 0) break;
      if (waited > 5_000) throw new Error('the insert never waited for the partition being made');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await maker.query('commit');

    // Before the fix: 'new row for relation "readings_default" violates partition constraint'.
    expect(await insert).toBeNull();
    const { rows } = await maker.query<{ partition: string }>(
      `select tableoid::regclass::text as partition from readings where read_at = $1`,
      ['2031-03-04T12:00:00Z'],
    );
    expect(rows).toEqual([{ partition: 'readings_p20310304' }]);
  });
});
