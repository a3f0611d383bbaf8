/**
 * Seeds N facilities × M bays (each with its open status period) into the database at DATABASE_URL, in
 * batches of whole facilities, one INSERT per table per batch.
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/seed-bays.ts [facilities=500] [baysPerFacility=20]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { runMigrations } from '../apps/server/src/db/client';

/** A plausible mix: mostly running, a few needing attention. */
const STATUS_MIX = [
  ['operational', 0.85],
  ['warning', 0.05],
  ['error', 0.03],
  ['inactive', 0.04],
  ['maintenance', 0.03],
] as const;

function pickStatus(random: number): string {
  let acc = 0;
  for (const [status, share] of STATUS_MIX) {
    acc += share;
    if (random < acc) return status;
  }
  return 'operational';
}

export async function seedBays(url: string, locations: number, baysPerLocation: number, batch = 50) {
  await runMigrations(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (let from = 0; from < locations; from += batch) {
      const count = Math.min(batch, locations - from);
      const names = Array.from(
        { length: count },
        (_, i) => `Bench Anlegg ${String(from + i + 1).padStart(4, '0')}`,
      );
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(
        `insert into locations (name, address, postal_code, city)
         select name, 'Benkeveien 1', '0150', 'Oslo' from unnest($1::text[]) as name returning id`,
        [names],
      );
      const locationIds: string[] = [];
      const bayNames: string[] = [];
      const sortOrders: number[] = [];
      const statuses: string[] = [];
      for (const { id } of rows) {
        for (let b = 0; b < baysPerLocation; b++) {
          locationIds.push(id);
          bayNames.push(`Hall ${b + 1}`);
          sortOrders.push(b);
          statuses.push(pickStatus(Math.random()));
        }
      }
      await client.query(
        `with new_bays as (
           insert into bays (location_id, name, sort_order, status)
           select * from unnest($1::uuid[], $2::text[], $3::int[], $4::text[])
           returning id, status
         )
         insert into bay_status_periods (bay_id, status, cause) select id, status, 'seed' from new_bays`,
        [locationIds, bayNames, sortOrders, statuses],
      );
      await client.query('commit');
    }
    await client.query('analyze locations; analyze bays; analyze bay_status_periods');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return { locations, bays: locations * baysPerLocation, ms: Math.round(performance.now() - started) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Sett DATABASE_URL til databasen som skal fylles.');
    process.exit(1);
  }
  const locations = Number(process.argv[2] ?? 500);
  const perLocation = Number(process.argv[3] ?? 20);
  const result = await seedBays(url, locations, perLocation);
  console.log(`La inn ${result.locations} anlegg og ${result.bays} vaskehaller på ${result.ms} ms`);
}
