-- Issue 28, affinity (docs/decisions/041-engine-affinity.md): every instance running checks writes its key
-- here every few seconds; the live ones share the APIs' buckets by rendezvous hashing, so each checks the
-- same APIs round after round and finds their rules in its cache. A row whose instance stopped is deleted
-- by it; one left by a crash is ignored once stale and deleted by the next heartbeat after a day.
CREATE TABLE "engine_instances" (
	"instance_key" text PRIMARY KEY NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
