-- An incident's last message (`incidentsToResend`, the incidents' state) is read as "its events, newest
-- first, limit 1"; with the incident alone in the index PostgreSQL walked every event backwards instead,
-- 26 s a round with 3,000 incidents open after a bulk add (decision 039). The id in the index answers it.
DROP INDEX "notification_events_incident_idx";--> statement-breakpoint
CREATE INDEX "notification_events_incident_idx" ON "notification_events" USING btree ("incident_id","id");
