ALTER TABLE "bay_status_periods" ADD COLUMN "monitored" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bays" ADD COLUMN "monitored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Monitored now: an attribute that counts (enabled API attribute of an enabled, live API) has a level
-- (docs/domain.md, Statistics, Monitored).
UPDATE "bays" b SET "monitored" = EXISTS (
  SELECT 1 FROM "bay_metrics" bm
  JOIN "api_metrics" am ON am."id" = bm."api_metric_id"
  JOIN "apis" a ON a."id" = am."api_id"
  WHERE bm."bay_id" = b."id" AND bm."last_level" IS NOT NULL
    AND am."status" = 'enabled' AND a."status" = 'enabled' AND a."deleted_at" IS NULL
);--> statement-breakpoint
-- History was not recorded before: a period derived by the engine was monitored; any other counts as
-- monitored when its bay is monitored now and the period ended after the bay's first attribute was made.
UPDATE "bay_status_periods" p SET "monitored" = (
  p."cause" = 'engine' OR (
    b."monitored" AND coalesce(p."ended_at", 'infinity') > (
      SELECT min(bm."created_at") FROM "bay_metrics" bm WHERE bm."bay_id" = p."bay_id"
    )
  )
)
FROM "bays" b WHERE b."id" = p."bay_id";
