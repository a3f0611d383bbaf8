-- The latest alert of an attribute (its incident, `incidentsOfAttributes`) is looked up for every attribute
-- whose level a check changes; without this index each lookup scanned every alert, so the first round
-- after a bulk add (every level set at once, thousands of alerts opened) grew with the square of it.
CREATE INDEX "alerts_attribute_idx" ON "alerts" USING btree ("bay_metric_id","opened_at");
