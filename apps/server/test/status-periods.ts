import type { TestContext } from './helpers';

/** `[status, startedAt, endedAt]`, `endedAt` null for the open period. */
export type Period = [status: string, startedAt: string, endedAt: string | null];

/** Replaces a bay's status periods with these, written by hand so every figure is known to the second. */
export async function setPeriods(ctx: TestContext, bayId: string, periods: Period[]): Promise<void> {
  await ctx.database.pool.query('delete from bay_status_periods where bay_id = $1', [bayId]);
  for (const [status, startedAt, endedAt] of periods) {
    await ctx.database.pool.query(
      `insert into bay_status_periods (bay_id, status, cause, started_at, ended_at)
       values ($1, $2, 'manual', $3, $4)`,
      [bayId, status, startedAt, endedAt],
    );
  }
}
