-- Readings become compact and partitioned (decision 022, replacing 007). Hand-edited: drizzle-kit made the
-- column changes and the DROP TABLEs; the partitioned tables, the partition function and the conversion of
-- every existing reading (nothing is lost) are written by hand. The old tables are renamed, converted and
-- dropped in this one migration (one transaction).
ALTER TABLE "apis" ADD COLUMN "key" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "apis_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "deadband_percent" real;--> statement-breakpoint
ALTER TABLE "apis" ADD CONSTRAINT "apis_key_key" UNIQUE("key");--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD CONSTRAINT "bay_metrics_deadband_check" CHECK ("bay_metrics"."deadband_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "readings" RENAME TO "readings_old";--> statement-breakpoint
ALTER TABLE "readings_minute" RENAME TO "readings_minute_old";--> statement-breakpoint
ALTER TABLE "readings_hour" RENAME TO "readings_hour_old";--> statement-breakpoint
ALTER TABLE "readings_minute_old" RENAME CONSTRAINT "readings_minute_series_bucket_pk" TO "readings_minute_old_pk";--> statement-breakpoint
ALTER TABLE "readings_hour_old" RENAME CONSTRAINT "readings_hour_series_bucket_pk" TO "readings_hour_old_pk";--> statement-breakpoint
-- Raw readings: one row per check of an API with its stored readings in parallel arrays.
CREATE TABLE "readings" (
	"read_at" timestamp with time zone NOT NULL,
	"api" integer NOT NULL,
	"series" integer[] NOT NULL,
	"value" real[],
	"exact" double precision[],
	"level" bytea NOT NULL,
	"text" text[]
) PARTITION BY RANGE ("read_at");--> statement-breakpoint
CREATE INDEX "readings_api_idx" ON "readings" ("api", "read_at");--> statement-breakpoint
CREATE TABLE "readings_default" PARTITION OF "readings" DEFAULT;--> statement-breakpoint
-- Rollups: one row per attribute and hour (minute tier) or UTC day (hour tier), buckets in arrays (as 007).
CREATE TABLE "readings_minute" (
	"series" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"slots" smallint[] NOT NULL,
	"min" real[] NOT NULL,
	"max" real[] NOT NULL,
	"avg" real[] NOT NULL,
	"count" integer[] NOT NULL,
	"worst" smallint[] NOT NULL,
	"last_text" text[],
	CONSTRAINT "readings_minute_series_bucket_pk" PRIMARY KEY ("series", "bucket")
) PARTITION BY RANGE ("bucket");--> statement-breakpoint
CREATE TABLE "readings_minute_default" PARTITION OF "readings_minute" DEFAULT;--> statement-breakpoint
CREATE TABLE "readings_hour" (LIKE "readings_minute") PARTITION BY RANGE ("bucket");--> statement-breakpoint
ALTER TABLE "readings_hour" ADD CONSTRAINT "readings_hour_series_bucket_pk" PRIMARY KEY ("series", "bucket");--> statement-breakpoint
CREATE TABLE "readings_hour_default" PARTITION OF "readings_hour" DEFAULT;--> statement-breakpoint
-- Makes the partition of `parent` for [from, to) unless it exists, named parent_pYYYYMMDD after its start.
-- Rows of that range already in the DEFAULT partition (written before it existed, or restored from a
-- backup) are moved into it first, so ATTACH finds the default partition clean.
CREATE FUNCTION "readings_partition"(parent text, from_at timestamptz, to_at timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
	name text := parent || '_p' || to_char(from_at AT TIME ZONE 'UTC', 'YYYYMMDD');
	column_name text := CASE WHEN parent = 'readings' THEN 'read_at' ELSE 'bucket' END;
BEGIN
	IF to_regclass(quote_ident(name)) IS NOT NULL THEN
		RETURN false;
	END IF;
	-- Two instances creating the same partition: the second waits here and then finds it.
	PERFORM pg_advisory_xact_lock(727102, hashtext(name));
	IF to_regclass(quote_ident(name)) IS NOT NULL THEN
		RETURN false;
	END IF;
	EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', name, parent);
	EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I >= %L AND %I < %L)',
		name, name || '_range', column_name, from_at, column_name, to_at);
	EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
		parent || '_default', column_name, from_at, column_name, to_at, name);
	EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, from_at, to_at);
	EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', name, name || '_range');
	RETURN true;
END $$;--> statement-breakpoint
-- The partitions the existing readings need (UTC days; months for the hour tier).
SELECT "readings_partition"('readings', d, d + interval '1 day')
FROM (SELECT DISTINCT date_trunc('day', read_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS d FROM "readings_old") days;--> statement-breakpoint
SELECT "readings_partition"('readings_minute', d, d + interval '1 day')
FROM (SELECT DISTINCT date_trunc('day', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS d FROM "readings_minute_old") days;--> statement-breakpoint
SELECT "readings_partition"('readings_hour', d, d + interval '1 month')
FROM (SELECT DISTINCT date_trunc('month', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS d FROM "readings_hour_old") months;--> statement-breakpoint
-- Every raw reading, grouped by its API and time. A value that real does not hold exactly (more than six
-- significant digits) puts the row's values in `exact` instead.
INSERT INTO "readings" ("read_at", "api", "series", "value", "exact", "level", "text")
SELECT r.read_at, a.key, array_agg(r.series ORDER BY r.series),
	CASE WHEN bool_and(r.value IS NULL OR r.value::real::text::double precision = r.value)
		THEN array_agg(r.value::real ORDER BY r.series) END,
	CASE WHEN NOT bool_and(r.value IS NULL OR r.value::real::text::double precision = r.value)
		THEN array_agg(r.value ORDER BY r.series) END,
	string_agg(set_byte('\x00'::bytea, 0, r.level), ''::bytea ORDER BY r.series),
	CASE WHEN bool_or(r.text IS NOT NULL) THEN array_agg(r.text ORDER BY r.series) END
FROM "readings_old" r
JOIN "bay_metrics" bm ON bm.series = r.series
JOIN "api_metrics" am ON am.id = bm.api_metric_id
JOIN "apis" a ON a.id = am.api_id
GROUP BY r.read_at, a.key;--> statement-breakpoint
INSERT INTO "readings_minute" ("series", "bucket", "slots", "min", "max", "avg", "count", "worst", "last_text") SELECT "series", "bucket", "slots", "min", "max", "avg", "count", "worst", "last_text" FROM "readings_minute_old";--> statement-breakpoint
INSERT INTO "readings_hour" ("series", "bucket", "slots", "min", "max", "avg", "count", "worst", "last_text") SELECT "series", "bucket", "slots", "min", "max", "avg", "count", "worst", "last_text" FROM "readings_hour_old";--> statement-breakpoint
DROP TABLE "readings_old";--> statement-breakpoint
DROP TABLE "readings_minute_old";--> statement-breakpoint
DROP TABLE "readings_hour_old";
