/** The statistics bench's history (`statistics.ts`): what 90 days of a chain leave behind, seeded in SQL. */

/**
 * History per bay: contiguous periods (every other one `operational`, the others a mix weighted towards
 * trouble, boundaries jittered), the last one open; an alert a day; a maintenance job every ten days.
 * Per facility one API with 24 hourly check rows a day and ten failed checks a day in the log.
 */
export async function seedHistory(
  pool: import('pg').Pool,
  { days, changesPerDay }: { days: number; changesPerDay: number },
) {
  const periods = days * changesPerDay;
  const stepSeconds = 86_400 / changesPerDay;
  const started = performance.now();
  await pool.query('delete from bay_status_periods');
  const { rows } = await pool.query<{ id: string }>('select id from locations order by id');
  for (let i = 0; i < rows.length; i += 25) {
    const ids = rows.slice(i, i + 25).map((r) => r.id);
    await pool.query(
      `with b as (select id, location_id from bays where location_id = any($1::uuid[])),
       t as (select now() - make_interval(days => $2) as t0)
       insert into bay_status_periods (bay_id, status, cause, started_at, ended_at)
       select b.id,
         case when n % 2 = 0 then 'operational'
           else (array['warning', 'error', 'error', 'inactive', 'maintenance', 'warning'])[1 + floor(random() * 6)::int]
         end, 'engine',
         t0 + make_interval(secs => n * $3 + (abs(hashtext(b.id::text || n)) % 1000) * $3 / 2000.0),
         case when n = $4 - 1 then null
           else t0 + make_interval(secs => (n + 1) * $3 + (abs(hashtext(b.id::text || (n + 1))) % 1000) * $3 / 2000.0)
         end
       from b, t, generate_series(0, $4 - 1) n`,
      [ids, days, stepSeconds, periods],
    );
    await pool.query(
      `insert into alerts (bay_id, location_id, attribute_name, level, opened_at, updated_at, resolved_at)
       select b.id, b.location_id, 'Trykk', case when d % 3 = 0 then 'critical' else 'warning' end,
         now() - make_interval(days => d, hours => d % 7), now() - make_interval(days => d, hours => d % 7),
         now() - make_interval(days => d, hours => d % 7) + interval '40 minutes'
       from bays b, generate_series(1, $2) d where b.location_id = any($1::uuid[])`,
      [ids, days],
    );
    await pool.query(
      `insert into maintenance_jobs (bay_id, type, custom_assignee, reminder_hours, reminder_minutes, started_at,
         ended_at, status_before)
       select b.id, case when d % 20 = 0 then 'longtermservice' else 'service' end,
         '{"name": "Ola Nordmann", "email": "ola@example.no", "phone": "+4790000000"}', 1, 0,
         now() - make_interval(days => d), now() - make_interval(days => d) + interval '2 hours', 'error'
       from bays b, generate_series(5, $2, 10) d where b.location_id = any($1::uuid[])`,
      [ids, days],
    );
  }
  await pool.query(
    `insert into apis (name, endpoint_url, push_token_hash, push_token_encrypted, status)
     select 'Kasse ' || l.name, 'http://10.0.0.5/' || l.id, md5(l.id::text), 'x', 'disabled' from locations l`,
  );
  await pool.query(
    `insert into api_check_stats (api_id, hour, checks, failures, duration_sum_ms, duration_max_ms, duration_histogram)
     select a.id, date_trunc('hour', now()) - make_interval(hours => h), 60, (h % 17 = 0)::int * 3, 60 * 80,
       400 + h % 300, array[0, 1, 6, 18, 20, 9, 4, 2, 0, 0, 0, 0]
     from apis a, generate_series(0, $1 * 24 - 1) h`,
    [days],
  );
  await pool.query(
    `insert into api_check_logs (api_id, started_at, outcome, duration_ms, error, error_code)
     select a.id, now() - make_interval(days => d, mins => k * 97), 'error', 10000,
       case when k % 3 = 0 then 'Svarte med HTTP 503' else 'Tidsavbrudd' end,
       case when k % 3 = 0 then 'http/503' else 'network/timeout' end
     from apis a, generate_series(0, $1 - 1) d, generate_series(0, 9) k`,
    [days],
  );
  await pool.query('analyze');
  const counts = await pool.query(
    `select (select count(*) from bay_status_periods) as periods, (select count(*) from alerts) as alerts,
       (select count(*) from maintenance_jobs) as jobs, (select count(*) from api_check_stats) as check_hours,
       (select count(*) from api_check_logs) as check_logs`,
  );
  console.log(`History seeded in ${Math.round(performance.now() - started)} ms:`, counts.rows[0]);
}
