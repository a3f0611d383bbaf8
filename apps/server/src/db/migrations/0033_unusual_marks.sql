-- Unusual marks counted in statistics (issue 26; docs/domain.md, Foresight and Statistics; decision 035):
-- one row per stretch of a bay attribute's checks marked 'Uvanlig', from the check that marked it to the
-- first that did not (open while it stands). Written with the stored verdict, in the same statement, so a
-- mark is one row whichever instance learned it; at most one open row a series. Kept when the attribute is
-- deleted (the bay's history), gone with the bay. Hand-written (no snapshot, as 0025).
CREATE TABLE "bay_metric_unusual" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bay_metric_unusual_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series" integer NOT NULL,
	"bay_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bay_metric_unusual" ADD CONSTRAINT "bay_metric_unusual_bay_id_bays_id_fk" FOREIGN KEY ("bay_id") REFERENCES "public"."bays"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bay_metric_unusual_open_key" ON "bay_metric_unusual" USING btree ("series") WHERE "bay_metric_unusual"."ended_at" is null;
--> statement-breakpoint
CREATE INDEX "bay_metric_unusual_bay_idx" ON "bay_metric_unusual" USING btree ("bay_id","started_at");
