-- Foresight's stored verdict (issue 26; decision 035, several instances): what each bay attribute's series
-- says now — its expected crossing, whether its last value was unusual, its normal range — written by the
-- instance that learned it, in batches and only when it changed, and read by `backend/bays/metrics/get` on
-- every instance. Keyed by `bay_metrics.series`; gone with the attribute. Hand-written (no snapshot, as 0025).
CREATE TABLE "bay_metric_foresight" (
	"series" integer PRIMARY KEY NOT NULL,
	"prediction_level" text,
	"expected_at" timestamp with time zone,
	"confidence" real,
	"unusual" boolean DEFAULT false NOT NULL,
	"normal_low" double precision,
	"normal_high" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bay_metric_foresight_level_check" CHECK ("bay_metric_foresight"."prediction_level" in ('warning', 'critical'))
);
--> statement-breakpoint
ALTER TABLE "bay_metric_foresight" ADD CONSTRAINT "bay_metric_foresight_series_bay_metrics_series_fk" FOREIGN KEY ("series") REFERENCES "public"."bay_metrics"("series") ON DELETE cascade ON UPDATE no action;
