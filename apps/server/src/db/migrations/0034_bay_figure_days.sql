-- The statistics rollup (issue 28; decision 023): a bay's figures per whole Norwegian day, computed by the
-- figures statement itself once the day can no longer change, so a range adds up its whole days instead of
-- reading every status period in it. Empty here: the rollup job fills it (the history of every bay, then
-- each day as it ends). Hand-written (no snapshot, as 0025).
CREATE TABLE "bay_figure_days" (
	"bay_id" uuid NOT NULL,
	"day" date NOT NULL,
	"day_end" timestamp with time zone NOT NULL,
	"present" numeric NOT NULL,
	"observed" numeric NOT NULL,
	"downtime" numeric NOT NULL,
	"operating" numeric NOT NULL,
	"warning" numeric NOT NULL,
	"failures" integer NOT NULL,
	"warnings" integer NOT NULL,
	"repaired" integer NOT NULL,
	"repair_seconds" numeric NOT NULL,
	"jobs" integer NOT NULL,
	"maintenance" numeric NOT NULL,
	"unusual" integer NOT NULL,
	"repaired_until" timestamp with time zone,
	CONSTRAINT "bay_figure_days_bay_id_day_pk" PRIMARY KEY("bay_id","day")
);
--> statement-breakpoint
ALTER TABLE "bay_figure_days" ADD CONSTRAINT "bay_figure_days_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A change to a bay's history at `changed_at` may change its figures on every day ending after it and the
-- repair time of failures begun earlier and repaired at or after it (decision 023, the rollup): those
-- days of bay_figure_days are forgotten, and the rollup job computes them again. A change more than an
-- hour back (a backfill, a restore, an edit) first waits for a rollup round in progress, which holds the
-- lock exclusively while it computes and writes (so it never keeps a day computed before the change); the
-- engine's own changes are at the current time and never touch a kept day (the job keeps only days ended
-- two hours ago and repaired before then), so they take no lock.
CREATE FUNCTION forget_bay_figure_days(changed_bay uuid[], changed_at timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT min(a) FROM unnest(changed_at) a) < clock_timestamp() - interval '1 hour' THEN
    PERFORM pg_advisory_xact_lock_shared(727401);
  END IF;
  DELETE FROM bay_figure_days d
  USING (SELECT b, min(a) AS a FROM unnest(changed_bay, changed_at) c(b, a) WHERE a IS NOT NULL GROUP BY b) c
  WHERE d.bay_id = c.b AND (d.day_end > c.a OR d.repaired_until >= c.a);
END $$;
--> statement-breakpoint
-- Status periods: an insert or a delete changes the figures from its start; an update that only ends (or
-- moves the end of) a period changes them from the earlier end (an open period counts until now).
CREATE FUNCTION bay_status_periods_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM old_rows;
  ELSE
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(at)) FROM (
      SELECT o.bay_id, CASE
          WHEN (o.bay_id, o.status, o.monitored, o.started_at) IS DISTINCT FROM (n.bay_id, n.status, n.monitored, n.started_at)
            THEN least(o.started_at, n.started_at)
          WHEN o.ended_at IS DISTINCT FROM n.ended_at THEN least(o.ended_at, n.ended_at)
        END AS at
        FROM old_rows o JOIN new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.bay_id, least(o.started_at, n.started_at) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.bay_id <> o.bay_id
    ) changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bay_status_periods_inserted AFTER INSERT ON bay_status_periods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_status_periods_figures_changed();
--> statement-breakpoint
CREATE TRIGGER bay_status_periods_deleted AFTER DELETE ON bay_status_periods REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_status_periods_figures_changed();
--> statement-breakpoint
CREATE TRIGGER bay_status_periods_updated AFTER UPDATE ON bay_status_periods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_status_periods_figures_changed();
--> statement-breakpoint
-- Maintenance jobs: the same rule (a job counts from its start, a running one until now).
CREATE FUNCTION maintenance_jobs_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM old_rows;
  ELSE
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(at)) FROM (
      SELECT o.bay_id, CASE
          WHEN (o.bay_id, o.started_at) IS DISTINCT FROM (n.bay_id, n.started_at)
            THEN least(o.started_at, n.started_at)
          WHEN o.ended_at IS DISTINCT FROM n.ended_at THEN least(o.ended_at, n.ended_at)
        END AS at
        FROM old_rows o JOIN new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.bay_id, least(o.started_at, n.started_at) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.bay_id <> o.bay_id
    ) changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_jobs_inserted AFTER INSERT ON maintenance_jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_jobs_figures_changed();
--> statement-breakpoint
CREATE TRIGGER maintenance_jobs_deleted AFTER DELETE ON maintenance_jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_jobs_figures_changed();
--> statement-breakpoint
CREATE TRIGGER maintenance_jobs_updated AFTER UPDATE ON maintenance_jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_jobs_figures_changed();
--> statement-breakpoint
-- Unusual marks count on the day they began.
CREATE FUNCTION bay_metric_unusual_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(started_at)) FROM old_rows;
  ELSE
    PERFORM forget_bay_figure_days(array_agg(bay_id), array_agg(at)) FROM (
      SELECT o.bay_id, least(o.started_at, n.started_at) AS at FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.bay_id, o.started_at) IS DISTINCT FROM (n.bay_id, n.started_at)
      UNION ALL
      SELECT n.bay_id, least(o.started_at, n.started_at) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.bay_id <> o.bay_id
    ) changed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bay_metric_unusual_inserted AFTER INSERT ON bay_metric_unusual REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_metric_unusual_figures_changed();
--> statement-breakpoint
CREATE TRIGGER bay_metric_unusual_deleted AFTER DELETE ON bay_metric_unusual REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_metric_unusual_figures_changed();
--> statement-breakpoint
CREATE TRIGGER bay_metric_unusual_updated AFTER UPDATE ON bay_metric_unusual
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_metric_unusual_figures_changed();
