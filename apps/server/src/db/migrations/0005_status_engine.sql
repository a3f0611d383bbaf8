CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" uuid,
	"bay_metric_id" uuid,
	"bay_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"level" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"value" jsonb,
	"reason" text,
	"user_id" uuid,
	CONSTRAINT "alert_events_kind_check" CHECK ("alert_events"."kind" in ('opened', 'escalated', 'deescalated', 'resolved', 'acknowledged', 'info'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bay_metric_id" uuid,
	"bay_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"attribute_name" text NOT NULL,
	"level" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"last_value" jsonb,
	"reason" text,
	"in_maintenance" boolean DEFAULT false NOT NULL,
	CONSTRAINT "alerts_level_check" CHECK ("alerts"."level" in ('critical', 'warning'))
);
--> statement-breakpoint
CREATE TABLE "api_check_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_check_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"api_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'poll' NOT NULL,
	"outcome" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"http_status" integer,
	"bytes" integer,
	"records" integer,
	"error" text,
	"error_code" text,
	CONSTRAINT "api_check_logs_outcome_check" CHECK ("api_check_logs"."outcome" in ('ok', 'error'))
);
--> statement-breakpoint
CREATE TABLE "api_check_stats" (
	"api_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"duration_sum_ms" bigint DEFAULT 0 NOT NULL,
	"duration_max_ms" integer DEFAULT 0 NOT NULL,
	"bytes_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_check_stats_api_id_hour_pk" PRIMARY KEY("api_id","hour")
);
--> statement-breakpoint
CREATE TABLE "api_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"key_identifier" text NOT NULL,
	"target_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_metrics_status_check" CHECK ("api_metrics"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "apis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"endpoint_url" text NOT NULL,
	"auth_endpoint_url" text,
	"token_path" text,
	"client_id" text,
	"client_secret_encrypted" text,
	"api_key_encrypted" text,
	"auth_method" text DEFAULT 'none' NOT NULL,
	"method" text DEFAULT 'GET' NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"check_interval" integer DEFAULT 60 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"push_token_hash" text NOT NULL,
	"push_token_encrypted" text NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_check_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "apis_check_interval_check" CHECK ("apis"."check_interval" >= 30),
	CONSTRAINT "apis_auth_method_check" CHECK ("apis"."auth_method" in ('none', 'apiKey', 'bearer', 'basic', 'oauth2')),
	CONSTRAINT "apis_method_check" CHECK ("apis"."method" in ('GET', 'POST')),
	CONSTRAINT "apis_status_check" CHECK ("apis"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "bay_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" integer GENERATED ALWAYS AS IDENTITY (sequence name "bay_metrics_series_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bay_id" uuid NOT NULL,
	"api_metric_id" uuid NOT NULL,
	"key_value" text NOT NULL,
	"path" text NOT NULL,
	"type" text NOT NULL,
	"operator" text NOT NULL,
	"threshold_active" text NOT NULL,
	"threshold_warning" text NOT NULL,
	"threshold_critical" text NOT NULL,
	"threshold_inactive" text NOT NULL,
	"last_value" jsonb,
	"last_level" text,
	"last_reason" text,
	"last_read_at" timestamp with time zone,
	"stored_value" jsonb,
	"stored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bay_metrics_series_key" UNIQUE("series"),
	CONSTRAINT "bay_metrics_type_check" CHECK ("bay_metrics"."type" in ('string', 'number', 'boolean')),
	CONSTRAINT "bay_metrics_operator_check" CHECK ("bay_metrics"."operator" in ('eq', 'ne', 'gt', 'gte', 'lt', 'lte')),
	CONSTRAINT "bay_metrics_last_level_check" CHECK ("bay_metrics"."last_level" in ('active', 'inactive', 'warning', 'critical', 'nodata'))
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"series" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"value" double precision,
	"text" text,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings_hour" (
	"series" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" real,
	"max" real,
	"avg" real,
	"last_text" text,
	"count" integer NOT NULL,
	"worst" smallint NOT NULL,
	CONSTRAINT "readings_hour_series_bucket_pk" PRIMARY KEY("series","bucket")
);
--> statement-breakpoint
CREATE TABLE "readings_minute" (
	"series" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" real,
	"max" real,
	"avg" real,
	"last_text" text,
	"count" integer NOT NULL,
	"worst" smallint NOT NULL,
	CONSTRAINT "readings_minute_series_bucket_pk" PRIMARY KEY("series","bucket")
);
--> statement-breakpoint
CREATE TABLE "readings_rollup_state" (
	"tier" text PRIMARY KEY NOT NULL,
	"done_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_bay_metric_id_bay_metrics_id_fk" FOREIGN KEY ("bay_metric_id") REFERENCES "public"."bay_metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_bay_metric_id_bay_metrics_id_fk" FOREIGN KEY ("bay_metric_id") REFERENCES "public"."bay_metrics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_check_logs" ADD CONSTRAINT "api_check_logs_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_check_stats" ADD CONSTRAINT "api_check_stats_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_metrics" ADD CONSTRAINT "api_metrics_api_id_apis_id_fk" FOREIGN KEY ("api_id") REFERENCES "public"."apis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apis" ADD CONSTRAINT "apis_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD CONSTRAINT "bay_metrics_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bay_metrics" ADD CONSTRAINT "bay_metrics_api_metric_id_api_metrics_id_fk" FOREIGN KEY ("api_metric_id") REFERENCES "public"."api_metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_series_bay_metrics_series_fk" FOREIGN KEY ("series") REFERENCES "public"."bay_metrics"("series") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings_hour" ADD CONSTRAINT "readings_hour_series_bay_metrics_series_fk" FOREIGN KEY ("series") REFERENCES "public"."bay_metrics"("series") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings_minute" ADD CONSTRAINT "readings_minute_series_bay_metrics_series_fk" FOREIGN KEY ("series") REFERENCES "public"."bay_metrics"("series") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_events_bay_idx" ON "alert_events" USING btree ("bay_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_per_attribute_key" ON "alerts" USING btree ("bay_metric_id") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_location_idx" ON "alerts" USING btree ("location_id","opened_at");--> statement-breakpoint
CREATE INDEX "alerts_bay_idx" ON "alerts" USING btree ("bay_id","opened_at");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("opened_at") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "api_check_logs_api_idx" ON "api_check_logs" USING btree ("api_id","started_at");--> statement-breakpoint
CREATE INDEX "api_check_logs_started_idx" ON "api_check_logs" USING brin ("started_at");--> statement-breakpoint
CREATE INDEX "api_metrics_api_idx" ON "api_metrics" USING btree ("api_id");--> statement-breakpoint
CREATE INDEX "apis_due_idx" ON "apis" USING btree ("next_check_at") WHERE "apis"."status" = 'enabled' and "apis"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "apis_push_token_key" ON "apis" USING btree ("push_token_hash");--> statement-breakpoint
CREATE INDEX "bay_metrics_api_metric_idx" ON "bay_metrics" USING btree ("api_metric_id");--> statement-breakpoint
CREATE INDEX "bay_metrics_bay_idx" ON "bay_metrics" USING btree ("bay_id");--> statement-breakpoint
CREATE INDEX "readings_series_idx" ON "readings" USING btree ("series","read_at");--> statement-breakpoint
CREATE INDEX "readings_time_idx" ON "readings" USING brin ("read_at");--> statement-breakpoint
CREATE INDEX "readings_hour_time_idx" ON "readings_hour" USING brin ("bucket");--> statement-breakpoint
CREATE INDEX "readings_minute_time_idx" ON "readings_minute" USING brin ("bucket");