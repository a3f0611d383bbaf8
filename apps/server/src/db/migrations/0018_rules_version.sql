ALTER TABLE "apis" ADD COLUMN "rules_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a check reads of its bay attributes (decision 009, the rules cache) changes only through these
-- tables; every change moves the API's rules_version on, so an instance's cached rules are seen to be
-- stale at the next claim. The engine's own writes (levels, stored readings) move it in their statements.
CREATE FUNCTION bump_rules_version(api_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE apis SET rules_version = rules_version + 1 WHERE id = ANY(api_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION bay_metrics_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_rules_version(array(SELECT DISTINCT am.api_id FROM old_rows o JOIN api_metrics am ON am.id = o.api_metric_id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM bump_rules_version(array(SELECT DISTINCT am.api_id FROM new_rows n JOIN api_metrics am ON am.id = n.api_metric_id));
  ELSE
    PERFORM bump_rules_version(array(SELECT am.api_id FROM api_metrics am WHERE am.id IN (OLD.api_metric_id, NEW.api_metric_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bay_metrics_inserted AFTER INSERT ON bay_metrics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_metrics_rules_changed();
--> statement-breakpoint
CREATE TRIGGER bay_metrics_deleted AFTER DELETE ON bay_metrics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bay_metrics_rules_changed();
--> statement-breakpoint
-- Not the state columns (last_*, stored_*, level_checks): only the engine writes them, and its statements
-- move the version themselves.
CREATE TRIGGER bay_metrics_updated AFTER UPDATE OF bay_id, api_metric_id, key_value, path, type, operator,
  threshold_active, threshold_warning, threshold_critical, threshold_inactive, pending_checks, deadband_percent
  ON bay_metrics FOR EACH ROW
  WHEN ((OLD.bay_id, OLD.api_metric_id, OLD.key_value, OLD.path, OLD.type, OLD.operator, OLD.threshold_active,
    OLD.threshold_warning, OLD.threshold_critical, OLD.threshold_inactive, OLD.pending_checks, OLD.deadband_percent)
    IS DISTINCT FROM (NEW.bay_id, NEW.api_metric_id, NEW.key_value, NEW.path, NEW.type, NEW.operator,
    NEW.threshold_active, NEW.threshold_warning, NEW.threshold_critical, NEW.threshold_inactive, NEW.pending_checks,
    NEW.deadband_percent))
  EXECUTE FUNCTION bay_metrics_rules_changed();
--> statement-breakpoint
CREATE FUNCTION api_metrics_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_rules_version(array[OLD.api_id, NEW.api_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_metrics_changed AFTER UPDATE OF api_id, name, key_identifier, status OR DELETE ON api_metrics
  FOR EACH ROW EXECUTE FUNCTION api_metrics_rules_changed();
--> statement-breakpoint
CREATE FUNCTION bays_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_rules_version(array(SELECT DISTINCT am.api_id FROM bay_metrics bm
    JOIN api_metrics am ON am.id = bm.api_metric_id WHERE bm.bay_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bays_changed AFTER UPDATE OF name, location_id, deleted_at ON bays FOR EACH ROW
  WHEN ((OLD.name, OLD.location_id, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.location_id, NEW.deleted_at))
  EXECUTE FUNCTION bays_rules_changed();
--> statement-breakpoint
CREATE FUNCTION locations_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_rules_version(array(SELECT DISTINCT am.api_id FROM bays b JOIN bay_metrics bm ON bm.bay_id = b.id
    JOIN api_metrics am ON am.id = bm.api_metric_id WHERE b.location_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER locations_changed AFTER UPDATE OF name, deleted_at ON locations FOR EACH ROW
  WHEN ((OLD.name, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.deleted_at))
  EXECUTE FUNCTION locations_rules_changed();
