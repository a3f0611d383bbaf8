-- Counter attributes and their washes (issue 26; decision 034). Hand-written (no snapshot, as 0025): the
-- type CHECK takes 'counter'; `washes` holds a counter's washes per UTC hour, written by the minute rollup.
ALTER TABLE "bay_metrics" DROP CONSTRAINT "bay_metrics_type_check";--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD CONSTRAINT "bay_metrics_type_check" CHECK ("bay_metrics"."type" in ('string', 'number', 'boolean', 'counter'));--> statement-breakpoint
CREATE TABLE "washes" (
	"series" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"washes" integer NOT NULL,
	CONSTRAINT "washes_pk" PRIMARY KEY("series","hour")
);
