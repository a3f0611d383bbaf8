-- readings_partition (0016) locks its parent table while it moves a range out of the default partition and
-- attaches the new partition: a concurrent insert routed to the default partition failed with
-- 'new row for relation "readings_default" violates partition constraint'.
CREATE OR REPLACE FUNCTION "readings_partition"(parent text, from_at timestamptz, to_at timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
	name text := parent || '_p' || to_char(from_at AT TIME ZONE 'UTC', 'YYYYMMDD');
	column_name text := CASE WHEN parent = 'readings' THEN 'read_at' ELSE 'bucket' END;
BEGIN
	IF to_regclass(quote_ident(name)) IS NOT NULL THEN
		RETURN false;
	END IF;
	-- Two instances creating the same partition: the second waits here and then finds it.
	PERFORM pg_advisory_xact_lock(727102, hashtext(name));
	IF to_regclass(quote_ident(name)) IS NOT NULL THEN
		RETURN false;
	END IF;
	-- No row may reach the default partition while its range moves out: an insert routed there before the
	-- ATTACH would wait for it and then fail its partition constraint (its check failed), or, landing after the
	-- move, fail the ATTACH. SHARE waits for the transactions writing to `parent` and holds off new ones until
	-- commit; the caller's lock_timeout bounds the wait (the round is then retried).
	EXECUTE format('LOCK TABLE %I IN SHARE MODE', parent);
	EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', name, parent);
	EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I >= %L AND %I < %L)',
		name, name || '_range', column_name, from_at, column_name, to_at);
	EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
		parent || '_default', column_name, from_at, column_name, to_at, name);
	EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, from_at, to_at);
	EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', name, name || '_range');
	RETURN true;
END $$;
