-- The rollup tiers become one row per attribute and hour (minutes) or day (hours) with the buckets in
-- arrays (decision 007). They only held what raw readings and the new rows will hold again, so they
-- start over; the raw readings of the last two days are kept.
TRUNCATE "readings_minute", "readings_hour", "readings_rollup_state";--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "min" SET DATA TYPE real[] USING ARRAY["min"];--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "max" SET DATA TYPE real[] USING ARRAY["max"];--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "avg" SET DATA TYPE real[] USING ARRAY["avg"];--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "avg" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "last_text" SET DATA TYPE text[] USING ARRAY["last_text"];--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "count" SET DATA TYPE integer[] USING ARRAY["count"];--> statement-breakpoint
ALTER TABLE "readings_hour" ALTER COLUMN "worst" SET DATA TYPE smallint[] USING ARRAY["worst"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "min" SET DATA TYPE real[] USING ARRAY["min"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "max" SET DATA TYPE real[] USING ARRAY["max"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "max" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "avg" SET DATA TYPE real[] USING ARRAY["avg"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "avg" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "last_text" SET DATA TYPE text[] USING ARRAY["last_text"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "count" SET DATA TYPE integer[] USING ARRAY["count"];--> statement-breakpoint
ALTER TABLE "readings_minute" ALTER COLUMN "worst" SET DATA TYPE smallint[] USING ARRAY["worst"];--> statement-breakpoint
ALTER TABLE "readings_hour" ADD COLUMN "slots" smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "readings_minute" ADD COLUMN "slots" smallint[] NOT NULL;