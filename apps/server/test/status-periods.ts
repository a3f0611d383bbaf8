import type { TestContext } from './helpers';

/**
 * `[status, startedAt, endedAt, monitored?]`, `endedAt` null for the open period; `monitored` false for a
 * period the bay was not monitored in (docs/domain.md, Statistics), true when left out.
 */
export type Period = [status: string, startedAt: string, endedAt: string | null, monitored?: boolean];

/** Replaces a bay's status periods with these, written by hand so every figure is known to the second. */
export async function setPeriods(ctx: TestContext, bayId: string, periods: Period[]): Promise<void> {
  await ctx.database.pool.query('delete from bay_status_periods where bay_id = $1', [bayId]);
  for (const [status, startedAt, endedAt, monitored = true] of periods) {
    await ctx.database.pool.query(
      `insert into bay_status_periods (bay_id, status, monitored, cause, started_at, ended_at)
       values ($1, $2, $3, 'manual', $4, $5)`,
      [bayId, status, monitored, startedAt, endedAt],
    );
  }
}
