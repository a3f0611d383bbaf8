CREATE TABLE "incident_predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"bay_metric_id" uuid,
	"bay_id" uuid NOT NULL,
	"attribute_name" text NOT NULL,
	"level" text NOT NULL,
	"expected_at" timestamp with time zone NOT NULL,
	"confidence" real NOT NULL,
	"value" double precision,
	"direction" text,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "incident_predictions_level_check" CHECK ("incident_predictions"."level" in ('critical', 'warning'))
);
--> statement-breakpoint
ALTER TABLE "incidents" DROP CONSTRAINT "incidents_level_check";--> statement-breakpoint
ALTER TABLE "incident_predictions" ADD CONSTRAINT "incident_predictions_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_predictions" ADD CONSTRAINT "incident_predictions_bay_metric_id_bay_metrics_id_fk" FOREIGN KEY ("bay_metric_id") REFERENCES "public"."bay_metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_predictions" ADD CONSTRAINT "incident_predictions_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incident_predictions_open_per_attribute_key" ON "incident_predictions" USING btree ("bay_metric_id") WHERE "incident_predictions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "incident_predictions_incident_idx" ON "incident_predictions" USING btree ("incident_id");--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_level_check" CHECK ("incidents"."level" in ('critical', 'warning', 'prediction'));
