-- Issue 28 (the small end with foresight on): the dispatcher's claim skips the events of incidents whose
-- opening is in its group wait (decision 033), and reads those openings at every pass, as does the time of
-- the next one to be released. With the opening's creation time alone in an index, PostgreSQL read every
-- event of the last group wait to find the openings among them; this index holds only the openings not yet
-- dispatched. Hand-written (no snapshot, as 0025).
CREATE INDEX "notification_events_held_openings_idx" ON "notification_events" USING btree ("created_at") WHERE "notification_events"."type" = 'incident.opened' and "notification_events"."dispatched_at" is null;
