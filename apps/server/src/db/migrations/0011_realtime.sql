CREATE TABLE "realtime_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "realtime_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"location_id" uuid,
	"audience" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "realtime_events_at_idx" ON "realtime_events" USING btree ("at");--> statement-breakpoint
-- @socket.io/postgres-adapter: payloads too large for NOTIFY pass through this table (docs/decisions/020-realtime.md).
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" bytea
);
