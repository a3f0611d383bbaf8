CREATE TABLE "mutes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"bay_id" uuid,
	"until" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"tag" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"bay_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"api_id" uuid,
	"alert_id" uuid,
	"maintenance_id" uuid,
	"payload" jsonb NOT NULL,
	"suppressed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "notification_events_tag_check" CHECK ("notification_events"."tag" in ('start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation', 'system'))
);
--> statement-breakpoint
CREATE TABLE "notification_recipient_locations" (
	"recipient_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "notification_recipient_locations_recipient_id_location_id_pk" PRIMARY KEY("recipient_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"name" text,
	"email" text,
	"tags" text[] NOT NULL,
	"reminder_hours" integer DEFAULT 0 NOT NULL,
	"reminder_minutes" integer DEFAULT 0 NOT NULL,
	"all_locations" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_recipients_kind_check" CHECK ("notification_recipients"."kind" in ('user', 'group', 'custom')),
	CONSTRAINT "notification_recipients_target_check" CHECK (("notification_recipients"."kind" = 'user' and "notification_recipients"."user_id" is not null and "notification_recipients"."group_id" is null and "notification_recipients"."email" is null)
        or ("notification_recipients"."kind" = 'group' and "notification_recipients"."group_id" is not null and "notification_recipients"."user_id" is null and "notification_recipients"."email" is null)
        or ("notification_recipients"."kind" = 'custom' and "notification_recipients"."email" is not null and "notification_recipients"."user_id" is null and "notification_recipients"."group_id" is null)),
	CONSTRAINT "notification_recipients_tags_check" CHECK (cardinality("notification_recipients"."tags") > 0 and "notification_recipients"."tags" <@ array['start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation'])
);
--> statement-breakpoint
-- The e-mail outbox of decision 004 becomes the outbox of every channel: renamed, its rows kept.
ALTER TABLE "email_outbox" RENAME TO "outbox";--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "email_outbox_pkey" TO "outbox_pkey";--> statement-breakpoint
ALTER SEQUENCE "email_outbox_id_seq" RENAME TO "outbox_id_seq";--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "webhook_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'webhook'));--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"webhook_id" uuid NOT NULL,
	"outbox_id" bigint,
	"event_type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"http_status" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"tags" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_tags_check" CHECK (cardinality("webhooks"."tags") > 0 and "webhooks"."tags" <@ array['start', 'reminders', 'end', 'critical', 'warning', 'info', 'escalation'])
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "notified_level" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "pending_checks" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD COLUMN "level_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_maintenance_id_maintenance_jobs_id_fk" FOREIGN KEY ("maintenance_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipient_locations" ADD CONSTRAINT "notification_recipient_locations_recipient_id_notification_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."notification_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipient_locations" ADD CONSTRAINT "notification_recipient_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mutes_location_idx" ON "mutes" USING btree ("location_id","until");--> statement-breakpoint
CREATE INDEX "mutes_bay_idx" ON "mutes" USING btree ("bay_id","until");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_events_dedupe_key" ON "notification_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notification_events_undispatched_idx" ON "notification_events" USING btree ("id") WHERE "notification_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "notification_events_created_idx" ON "notification_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_recipient_locations_location_idx" ON "notification_recipient_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_user_key" ON "notification_recipients" USING btree ("user_id") WHERE "notification_recipients"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_group_key" ON "notification_recipients" USING btree ("group_id") WHERE "notification_recipients"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_email_key" ON "notification_recipients" USING btree (lower("email")) WHERE "notification_recipients"."email" is not null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("channel","next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_event_recipient_key" ON "outbox" USING btree ("event_id","channel","recipient_key") WHERE "outbox"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_webhook_idx" ON "outbox" USING btree ("webhook_id","created_at") WHERE "outbox"."webhook_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_idx" ON "webhook_attempts" USING btree ("webhook_id","at");--> statement-breakpoint
CREATE INDEX "maintenance_jobs_reminder_idx" ON "maintenance_jobs" USING btree ("next_reminder_at") WHERE "maintenance_jobs"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD CONSTRAINT "bay_metrics_pending_checks_check" CHECK ("bay_metrics"."pending_checks" between 1 and 100);