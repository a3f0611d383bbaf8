-- Issue 28, the idle cost (docs/decisions/019-notifications.md, Waking the loops): the dispatcher and the
-- senders sleep while nothing is due and are woken by these NOTIFYs, sent at the commit of whatever wrote
-- the rows (any instance, a test, a script). One per statement and channel; PostgreSQL folds equal ones of
-- a transaction into one.
CREATE FUNCTION notification_events_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    PERFORM pg_notify('vaskedrift_notification_events', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notification_events_added AFTER INSERT ON notification_events REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notification_events_added();
--> statement-breakpoint
CREATE FUNCTION outbox_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vaskedrift_outbox', channel::text)
    FROM (SELECT DISTINCT channel FROM added WHERE status = 'pending') pending;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbox_added AFTER INSERT ON outbox REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION outbox_added();
