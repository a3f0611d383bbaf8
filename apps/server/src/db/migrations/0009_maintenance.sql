CREATE TABLE "maintenance_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bay_id" uuid NOT NULL,
	"type" text NOT NULL,
	"assignee_id" uuid,
	"custom_assignee" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"notify_users" boolean DEFAULT false NOT NULL,
	"reminder_hours" integer NOT NULL,
	"reminder_minutes" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"enabled_by" uuid,
	"ended_by" uuid,
	"status_before" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_jobs_type_check" CHECK ("maintenance_jobs"."type" in ('service', 'longtermservice')),
	CONSTRAINT "maintenance_jobs_reminder_check" CHECK ("maintenance_jobs"."reminder_hours" * 60 + "maintenance_jobs"."reminder_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_enabled_by_users_id_fk" FOREIGN KEY ("enabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_jobs_running_key" ON "maintenance_jobs" USING btree ("bay_id") WHERE "maintenance_jobs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "maintenance_jobs_bay_idx" ON "maintenance_jobs" USING btree ("bay_id","started_at");