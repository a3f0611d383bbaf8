-- The statistics rollup (decision 023) keeps its seconds as whole microseconds (bigint) instead of exact
-- numerics: every sum it keeps is a sum of interval lengths, which PostgreSQL gives to the microsecond, so
-- the value is the same; adding up bigint runs in 128-bit integers where numeric adds digit by digit, which
-- was 40 % of summing a whole chain's kept days (issue 28: the CSV). The kept rows are converted, not
-- forgotten: the job would otherwise compute the whole history again. Hand-written (no snapshot, as 0025).
ALTER TABLE "bay_figure_days"
  ALTER COLUMN "present" TYPE bigint USING ("present" * 1000000)::bigint,
  ALTER COLUMN "observed" TYPE bigint USING ("observed" * 1000000)::bigint,
  ALTER COLUMN "downtime" TYPE bigint USING ("downtime" * 1000000)::bigint,
  ALTER COLUMN "operating" TYPE bigint USING ("operating" * 1000000)::bigint,
  ALTER COLUMN "warning" TYPE bigint USING ("warning" * 1000000)::bigint,
  ALTER COLUMN "repair_seconds" TYPE bigint USING ("repair_seconds" * 1000000)::bigint,
  ALTER COLUMN "maintenance" TYPE bigint USING ("maintenance" * 1000000)::bigint;
