-- Foresight (issue 26; decision 035): the notification tag 'prediction' in the three tag CHECKs (from the
-- shared NOTIFICATION_TAGS), and the system setting of how far ahead a predicted crossing is notified.
-- Hand-written (no snapshot, as 0025 and 0026).
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_tag_check";--> statement-breakpoint
ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_tags_check";--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_tags_check";--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_tag_check" CHECK ("notification_events"."tag" in ('start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation', 'prediction', 'reports', 'system'));--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_tags_check" CHECK (cardinality("notification_recipients"."tags") > 0 and "notification_recipients"."tags" <@ array['start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation', 'prediction', 'reports']);--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_tags_check" CHECK (cardinality("webhooks"."tags") > 0 and "webhooks"."tags" <@ array['start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation', 'prediction']);--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "prediction_horizon_minutes" integer;
