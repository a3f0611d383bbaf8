-- Issue 28, the idle cost (docs/decisions/009-check-scheduling.md, Sleeping until due): the scheduler sleeps
-- until the next check it may claim is due and is woken by this NOTIFY when an API becomes due sooner than
-- it may know: added, enabled, restored, or its next check moved earlier (a test, "check now", a rephase).
-- A claim moves `next_check_at` later and sends nothing. PostgreSQL folds equal NOTIFYs of a transaction.
CREATE FUNCTION apis_due_sooner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vaskedrift_checks', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER apis_added AFTER INSERT ON apis FOR EACH STATEMENT EXECUTE FUNCTION apis_due_sooner();
--> statement-breakpoint
CREATE TRIGGER apis_due_sooner AFTER UPDATE ON apis FOR EACH ROW
  WHEN (NEW.status = 'enabled' AND NEW.deleted_at IS NULL AND (NEW.next_check_at < OLD.next_check_at
    OR OLD.status <> 'enabled' OR OLD.deleted_at IS NOT NULL))
  EXECUTE FUNCTION apis_due_sooner();
