-- Issue 28 (the small end and the bulk add's first check): every check updates its API's row, and every
-- check that stores a reading or changes a level updates its attributes' rows, in columns no index covers.
-- Such an update is HOT (no new index entries, its dead version pruned within the page) only when the row's
-- page has room for the new version; a bulk add fills the pages of bay_metrics to the brim, so every first
-- check's update of its 100 attributes wrote all four of the table's indexes. A fifth of each page is left
-- free for the next versions. Rows already stored keep their pages (no rewrite: this only sets how new rows
-- are placed); VACUUM FULL or a dump and restore spreads them too. Hand-written (no snapshot, as 0025).
ALTER TABLE "bay_metrics" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "apis" SET (fillfactor = 80);
