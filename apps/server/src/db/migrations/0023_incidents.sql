CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"bay_id" uuid,
	"api_id" uuid,
	"level" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"notified_level" text,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "incidents_level_check" CHECK ("incidents"."level" in ('critical', 'warning')),
	CONSTRAINT "incidents_subject_check" CHECK (("incidents"."bay_id" is null) <> ("incidents"."api_id" is null))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "incident_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "incident_id" uuid;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_per_bay_key" ON "incidents" USING btree ("bay_id") WHERE "incidents"."resolved_at" is null and "incidents"."bay_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_open_per_api_key" ON "incidents" USING btree ("api_id","location_id") WHERE "incidents"."resolved_at" is null and "incidents"."api_id" is not null;--> statement-breakpoint
CREATE INDEX "incidents_location_idx" ON "incidents" USING btree ("location_id","opened_at");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_incident_idx" ON "alerts" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "notification_events_incident_idx" ON "notification_events" USING btree ("incident_id");--> statement-breakpoint
-- Alerts open at the upgrade become the causes of one incident per bay, told at the level their alerts were.
INSERT INTO "incidents" ("location_id", "bay_id", "level", "opened_at", "updated_at", "notified_level")
SELECT (array_agg("location_id"))[1], "bay_id",
  CASE WHEN bool_or("level" = 'critical') THEN 'critical' ELSE 'warning' END, min("opened_at"), max("updated_at"),
  CASE WHEN bool_or("notified_level" = 'critical') THEN 'critical'
    WHEN bool_or("notified_level" = 'warning') THEN 'warning' END
FROM "alerts" WHERE "resolved_at" IS NULL GROUP BY "bay_id";--> statement-breakpoint
UPDATE "alerts" a SET "incident_id" = i."id" FROM "incidents" i
WHERE a."resolved_at" IS NULL AND i."bay_id" = a."bay_id" AND i."resolved_at" IS NULL;
