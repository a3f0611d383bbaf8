// What the realtime journal (`realtime_events`) says happened, for bench/realtime.ts to hold the clients against.
import pg from 'pg';
import type { BenchUser } from './bench-server';

type JournalRow = { seq: number; audience: string; location_id: string | null; user_id: string | null };

/** Each client against the journal rows after `since`: what it should have had, what it lacks or got extra. */
export async function verify(
  databaseUrl: string,
  clients: { user: BenchUser; received: Map<number, number> }[],
  since: number,
) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const { rows } = await pool.query<JournalRow>(
    'select seq::int as seq, audience, location_id, user_id from realtime_events where seq > $1 order by seq',
    [since],
  );
  const { rows: counted } = await pool.query<{ n: number }>(
    `select count(*)::int as n from realtime_events where seq > $1 and type = 'bay.status_changed'`,
    [since],
  );
  await pool.end();
  const statusRows = counted[0]?.n ?? 0;
  let expected = 0;
  let missing = 0;
  let extra = 0;
  let socketsMissing = 0;
  for (const client of clients) {
    const { user } = client;
    const granted = new Set(user.locationIds);
    let lacks = 0;
    const mayHave = new Set<number>();
    for (const row of rows) {
      const sees =
        user.role === 'admin' ||
        (row.audience === 'location' && row.location_id !== null && granted.has(row.location_id)) ||
        (row.audience === 'user' && row.user_id === user.id);
      if (!sees) continue;
      mayHave.add(row.seq);
      expected += 1;
      if (!client.received.has(row.seq)) lacks += 1;
    }
    for (const seq of client.received.keys()) if (seq > since && !mayHave.has(seq)) extra += 1;
    missing += lacks;
    if (lacks > 0) socketsMissing += 1;
  }
  return { journalRows: rows.length, statusRows, expected, missing, extra, socketsMissing };
}

/**
 * The journal's account of the bay changes after `since`: `bay.updated` rows per bay (every PATCH that
 * committed publishes one, also one that set the status the bay already had) and how many of them changed
 * no field (`fields: []`: such a PATCH commits nothing and has no `bay.status_changed`).
 */
export async function journaledChanges(databaseUrl: string, since: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const { rows } = await pool.query<{ bay_id: string; n: number; unchanged: number }>(
    `select payload->>'bayId' as bay_id, count(*)::int as n,
       count(*) filter (where jsonb_array_length(payload->'fields') = 0)::int as unchanged
     from realtime_events where seq > $1 and type = 'bay.updated' group by 1`,
    [since],
  );
  await pool.end();
  return {
    updatedByBay: new Map(rows.map((r) => [r.bay_id, r.n])),
    unchanged: rows.reduce((sum, r) => sum + r.unchanged, 0),
  };
}

/**
 * Changes answered 200 with no journal row: per bay, answers beyond its `bay.updated` rows. A PATCH that
 * committed but whose answer never came (the connection cut) only adds rows, so this is never too high.
 */
export function answeredNotJournaled(
  answered: { bayId: string }[],
  updatedByBay: Map<string, number>,
): number {
  const answeredByBay = new Map<string, number>();
  for (const change of answered) answeredByBay.set(change.bayId, (answeredByBay.get(change.bayId) ?? 0) + 1);
  let lost = 0;
  for (const [bayId, n] of answeredByBay) lost += Math.max(0, n - (updatedByBay.get(bayId) ?? 0));
  return lost;
}

export async function maxSeq(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ seq: number | null }>(
    'select max(seq)::int as seq from realtime_events',
  );
  await client.end();
  return rows[0]?.seq ?? 0;
}
