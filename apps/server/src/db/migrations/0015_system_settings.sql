CREATE TABLE "system_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"failure_threshold" integer,
	"raw_retention_hours" integer,
	"minute_retention_days" integer,
	"hour_retention_days" integer,
	"check_log_retention_days" integer,
	"escalation_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "system_settings_one_row" CHECK ("system_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_location_idx" ON "logs" USING btree (("extra_data"->>'locationId'),"id");