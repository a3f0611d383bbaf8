-- Issue 28 (the bulk add's first round): a first check updates all of its API's attribute rows in one
-- transaction, and a bulk add places them side by side, 20–30 on a page. At fillfactor 80 (migration 0040)
-- only about a quarter of the new versions found room on their page; every other update went off the page
-- and wrote all four indexes (the random uuid key's at a hundred leaf pages a check). At 40 every first
-- check's update stays on its page (HOT): 32 % → 100 % of a 20,000-bay first round's updates, the update's
-- execution 2.1 → 0.75 s, and the table with its indexes after the round 54 → 48 MB — the pages filled by
-- new versions at 80 came to more than the room left free at 40 (bench/README.md, 2026-11-28). As 0040:
-- rows already stored keep their pages. Hand-written (no snapshot, as 0025).
ALTER TABLE "bay_metrics" SET (fillfactor = 40);
