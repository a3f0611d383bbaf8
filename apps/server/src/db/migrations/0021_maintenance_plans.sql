CREATE TABLE "maintenance_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bay_id" uuid NOT NULL,
	"type" text NOT NULL,
	"assignee_id" uuid,
	"custom_assignee" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"notify_users" boolean DEFAULT false NOT NULL,
	"reminder_hours" integer NOT NULL,
	"reminder_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"repeat_kind" text DEFAULT 'none' NOT NULL,
	"repeat_every" integer DEFAULT 1 NOT NULL,
	"repeat_weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"next_start_at" timestamp with time zone,
	"next_end_at" timestamp with time zone,
	"last_start_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_plans_type_check" CHECK ("maintenance_plans"."type" in ('service', 'longtermservice')),
	CONSTRAINT "maintenance_plans_reminder_check" CHECK ("maintenance_plans"."reminder_hours" * 60 + "maintenance_plans"."reminder_minutes" > 0),
	CONSTRAINT "maintenance_plans_repeat_check" CHECK ("maintenance_plans"."repeat_kind" in ('none', 'days', 'weeks')),
	CONSTRAINT "maintenance_plans_every_check" CHECK ("maintenance_plans"."repeat_every" between 1 and 365),
	CONSTRAINT "maintenance_plans_weekdays_check" CHECK (("maintenance_plans"."repeat_kind" = 'weeks') = (cardinality("maintenance_plans"."repeat_weekdays") > 0) and "maintenance_plans"."repeat_weekdays" <@ '{1,2,3,4,5,6,7}'::integer[]),
	CONSTRAINT "maintenance_plans_end_check" CHECK ("maintenance_plans"."repeat_kind" = 'none' or "maintenance_plans"."ends_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "planned_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD COLUMN "ends_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_plans" ADD CONSTRAINT "maintenance_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_plans_due_idx" ON "maintenance_plans" USING btree ("next_start_at") WHERE "maintenance_plans"."next_start_at" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_plans_bay_idx" ON "maintenance_plans" USING btree ("bay_id");--> statement-breakpoint
ALTER TABLE "maintenance_jobs" ADD CONSTRAINT "maintenance_jobs_plan_id_maintenance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."maintenance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_jobs_occurrence_key" ON "maintenance_jobs" USING btree ("plan_id","planned_start_at");--> statement-breakpoint
CREATE INDEX "maintenance_jobs_auto_end_idx" ON "maintenance_jobs" USING btree ("expires_at") WHERE "maintenance_jobs"."ended_at" is null and "maintenance_jobs"."ends_automatically";