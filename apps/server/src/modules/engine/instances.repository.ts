import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { engineInstances } from '../../db/schema';

/* The heartbeats of the instances running checks (decision 041), on the database's clock (decision 030). */

/**
 * Records that `instanceKey` is alive now and returns every instance seen within `liveForSeconds`, itself
 * included, in one statement; rows silent for a day (an instance that crashed and never came back) go.
 */
export async function heartbeat(db: Db, instanceKey: string, liveForSeconds: number): Promise<string[]> {
  const result = await db.execute<{ instance_key: string }>(sql`
    with beat as (
      insert into ${engineInstances} (instance_key) values (${instanceKey})
      on conflict (instance_key) do update set last_seen = now()
      returning instance_key
    ), gone as (
      delete from ${engineInstances} where last_seen < now() - interval '1 day'
    )
    select instance_key from beat
    union
    select instance_key from ${engineInstances}
    where last_seen > now() - make_interval(secs => ${liveForSeconds})`);
  return result.rows.map((r) => r.instance_key).sort();
}

/** An instance that stops says so, so the others take its APIs at their next heartbeat, not after a grace. */
export async function leave(db: Db, instanceKey: string): Promise<void> {
  await db.execute(sql`delete from ${engineInstances} where instance_key = ${instanceKey}`);
}
