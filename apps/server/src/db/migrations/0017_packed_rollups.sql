-- Rollup tiers packed per API (decision 022): one row per API and hour (readings_minute) or API and UTC
-- day (readings_hour), the series' entries in one `data bytea` in the layout of
-- modules/readings/rollup-codec.ts. Hand-written. Every existing rollup row is converted without loss:
-- its figures go into the codec's float64 sections (the exact form; the rollup job quantizes new rows),
-- each `real` through its shortest decimal, as PostgreSQL printed it. Rows of series whose attribute is
-- gone are dropped (nothing can ask for them: a chart needs the attribute).
CREATE FUNCTION "readings_varint"(n bigint) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	out bytea := ''::bytea;
	v bigint := n;
BEGIN
	WHILE v >= 128 LOOP
		out := out || set_byte('\x00'::bytea, 0, (v % 128)::int + 128);
		v := v / 128;
	END LOOP;
	RETURN out || set_byte('\x00'::bytea, 0, v::int);
END $$;--> statement-breakpoint
CREATE FUNCTION "readings_rollup_section"(slots smallint[], mn real[], mx real[], av real[], c integer[],
	w smallint[], t text[]) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	n int := cardinality(slots);
	has_numbers boolean := false;
	has_text boolean := false;
	s bytea;
	previous int := -1;
	last_text text := null;
	i int;
BEGIN
	FOR i IN 1..n LOOP
		has_numbers := has_numbers OR mn[i] IS NOT NULL;
		has_text := has_text OR t[i] IS NOT NULL;
	END LOOP;
	s := set_byte('\x00'::bytea, 0, (CASE WHEN has_numbers THEN 5 ELSE 0 END) + (CASE WHEN has_text THEN 2 ELSE 0 END))
		|| readings_varint(n);
	FOR i IN 1..n LOOP
		s := s || readings_varint(slots[i] - previous - 1);
		previous := slots[i];
	END LOOP;
	FOR i IN 1..n LOOP
		s := s || readings_varint(c[i]);
	END LOOP;
	FOR i IN 1..n LOOP
		s := s || set_byte('\x00'::bytea, 0, w[i]);
	END LOOP;
	IF has_numbers THEN
		FOR i IN 1..n LOOP
			IF mn[i] IS NULL THEN
				s := s || '\x00'::bytea;
			ELSE
				s := s || '\x01'::bytea || float8send(mn[i]::text::float8)
					|| float8send(coalesce(mx[i], mn[i])::text::float8) || float8send(coalesce(av[i], mn[i])::text::float8);
			END IF;
		END LOOP;
	END IF;
	IF has_text THEN
		FOR i IN 1..n LOOP
			IF t[i] IS NULL THEN
				s := s || readings_varint(0);
			ELSIF t[i] = last_text THEN
				s := s || readings_varint(1);
			ELSE
				s := s || readings_varint(octet_length(convert_to(t[i], 'UTF8')) + 2) || convert_to(t[i], 'UTF8');
				last_text := t[i];
			END IF;
		END LOOP;
	END IF;
	RETURN s;
END $$;--> statement-breakpoint
CREATE TEMPORARY TABLE "packed_rollups" ("tier" text NOT NULL, "api" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL, "data" bytea NOT NULL) ON COMMIT DROP;--> statement-breakpoint
INSERT INTO "packed_rollups" ("tier", "api", "bucket", "data")
SELECT tier, api, bucket, readings_varint(count(*))
	|| string_agg(readings_varint(delta) || readings_varint(length(section)) || section, ''::bytea ORDER BY series)
FROM (
	SELECT tier, api, bucket, series, section,
		series - coalesce(lag(series) OVER (PARTITION BY tier, api, bucket ORDER BY series), 0) AS delta
	FROM (
		SELECT 'minute' AS tier, a.key AS api, o.bucket, o.series,
			readings_rollup_section(o.slots, o.min, o.max, o.avg, o.count, o.worst, o.last_text) AS section
		FROM "readings_minute" o
		JOIN "bay_metrics" bm ON bm.series = o.series JOIN "api_metrics" am ON am.id = bm.api_metric_id
		JOIN "apis" a ON a.id = am.api_id
		UNION ALL
		SELECT 'hour', a.key, o.bucket, o.series,
			readings_rollup_section(o.slots, o.min, o.max, o.avg, o.count, o.worst, o.last_text)
		FROM "readings_hour" o
		JOIN "bay_metrics" bm ON bm.series = o.series JOIN "api_metrics" am ON am.id = bm.api_metric_id
		JOIN "apis" a ON a.id = am.api_id
	) sections
) ordered
GROUP BY tier, api, bucket;--> statement-breakpoint
DROP TABLE "readings_minute";--> statement-breakpoint
DROP TABLE "readings_hour";--> statement-breakpoint
DROP FUNCTION "readings_rollup_section";--> statement-breakpoint
DROP FUNCTION "readings_varint";--> statement-breakpoint
CREATE TABLE "readings_minute" (
	"api" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "readings_minute_api_bucket_pk" PRIMARY KEY ("api", "bucket")
) PARTITION BY RANGE ("bucket");--> statement-breakpoint
CREATE TABLE "readings_minute_default" PARTITION OF "readings_minute" DEFAULT;--> statement-breakpoint
CREATE TABLE "readings_hour" (LIKE "readings_minute") PARTITION BY RANGE ("bucket");--> statement-breakpoint
ALTER TABLE "readings_hour" ADD CONSTRAINT "readings_hour_api_bucket_pk" PRIMARY KEY ("api", "bucket");--> statement-breakpoint
CREATE TABLE "readings_hour_default" PARTITION OF "readings_hour" DEFAULT;--> statement-breakpoint
SELECT "readings_partition"('readings_minute', d, d + interval '1 day')
FROM (SELECT DISTINCT date_trunc('day', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS d FROM "packed_rollups" WHERE tier = 'minute') days;--> statement-breakpoint
SELECT "readings_partition"('readings_hour', d, d + interval '1 month')
FROM (SELECT DISTINCT date_trunc('month', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS d FROM "packed_rollups" WHERE tier = 'hour') months;--> statement-breakpoint
INSERT INTO "readings_minute" ("api", "bucket", "data") SELECT "api", "bucket", "data" FROM "packed_rollups" WHERE tier = 'minute';--> statement-breakpoint
INSERT INTO "readings_hour" ("api", "bucket", "data") SELECT "api", "bucket", "data" FROM "packed_rollups" WHERE tier = 'hour';
