/**
 * Web Push delivery (issue 27, decision 038): DEVICES (1,000) subscribed devices, one per operator, all in
 * one group told of `critical` in one facility, on a local push service in a process of its own
 * (`web-push-receiver.ts`, with e2e/helpers/push-service.ts's checks) that verifies every VAPID signature
 * before it answers 201 and decrypts every payload with the subscription's keys — after its answer, when
 * idle, as a push service leaves the decryption to the device (PUSH_SERVICE=inline: before its answer, the
 * receiver until 2026-11-27). A push counts only once decrypted. One server (buildApp in this process with
 * its own background loops: dispatcher and push sender, and the sender's encryption thread).
 *
 * ROUNDS (5) times: an open critical alert of the bay and its notification event are committed in one
 * transaction (t0 just after the commit), the dispatcher is nudged (as the status engine does after a
 * check), and the bench waits until every device has its push: commit → accepted by the push service,
 * p50/p99/max over all devices of all rounds. Every push carries an action token (the users may
 * acknowledge). Prints repeats, rejected requests and the CPU time of the server process (and of its main
 * thread, the event loop, alone), the push service's process and the PostgreSQL server's (from /proc, all
 * its processes: run it on a PostgreSQL nothing else uses), each per push.
 *
 *   node --import tsx bench/web-push.ts
 *   DEVICES=200 ROUNDS=20 node --import tsx bench/web-push.ts
 *
 * Options (environment): DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), DEVICES (1000),
 * ROUNDS (5), TIMEOUT (120 s per round), PUSH_SERVICE (deferred | inline).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { connectDatabase, runMigrations } from '../apps/server/src/db/client';
import { recordNotificationEvents } from '../apps/server/src/modules/notifications';
import { alertPayload } from '../apps/server/test/alert-payload';
import type { PushSubscriptionJson } from '../e2e/helpers/push-service';
import { cpuSecondsOf, postgresCpuSeconds } from './engine-measures';

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = Number(env.DEVICES ?? 1000);
const ROUNDS = Number(env.ROUNDS ?? 5);
const TIMEOUT_MS = Number(env.TIMEOUT ?? 120) * 1000;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type Arrival = [subscriptionId: string, acceptedAt: number, withToken: boolean];

/**
 * The push service in its own process: `accepted()` counts its 201s; `verify()` has it decrypt what it
 * accepted, and its checked pushes collect in `arrivals`, the others in `rejected`.
 */
async function startReceiver() {
  const child: ChildProcess = fork(new URL('./web-push-receiver.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
  });
  const arrivals: Arrival[] = [];
  const rejected: string[] = [];
  let accepted = 0;
  let verified: () => void = () => {};
  let subscriptions: (list: Array<PushSubscriptionJson & { id: string }>) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { type: string; list?: unknown; rejected?: string[]; count?: number }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'accepted') accepted += message.count ?? 0;
      if (message.type === 'verified') verified();
      if (message.type === 'arrivals') {
        arrivals.push(...(message.list as Arrival[]));
        rejected.push(...(message.rejected ?? []));
      }
      if (message.type === 'subscriptions')
        subscriptions(message.list as Array<PushSubscriptionJson & { id: string }>);
    });
  });
  await ready;
  return {
    pid: child.pid ?? 0,
    arrivals,
    rejected,
    accepted: () => accepted,
    verify: () =>
      new Promise<void>((resolve) => {
        verified = resolve;
        child.send({ type: 'verify' });
      }),
    subscribe: (count: number) =>
      new Promise<Array<PushSubscriptionJson & { id: string }>>((resolve) => {
        subscriptions = resolve;
        child.send({ type: 'subscribe', count });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

type Place = { location_id: string; bay_id: string };

/**
 * The audience, straight in the database: DEVICES operators with access to one bay's facility, each with a
 * session and a device subscribed at the push service, all in one group told of `critical`.
 */
async function seedAudience(
  pool: ReturnType<typeof connectDatabase>['pool'],
  push: Awaited<ReturnType<typeof startReceiver>>,
): Promise<Place> {
  const {
    rows: [place],
  } = await pool.query<{ location_id: string; bay_id: string }>(
    `with l as (insert into locations (name, address, postal_code, city)
                values ('Vask Bryn', 'Brynsveien 1', '0667', 'Oslo') returning id)
     insert into bays (location_id, name) select id, 'Hall 1' from l returning location_id, id as bay_id`,
  );
  if (!place) throw new Error('no bay');
  const { rows: users } = await pool.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, role)
     select 'tekniker' || n || '@example.com', 'x', 'Tekniker', n::text, 'operator'
     from generate_series(1, $1::int) as n returning id`,
    [DEVICES],
  );
  const userIds = users.map((u) => u.id);
  await pool.query(`insert into user_location_access (user_id, location_id) select unnest($1::uuid[]), $2`, [
    userIds,
    place.location_id,
  ]);
  // A session from before the tokens, as a signed-in phone has (the token's credential check).
  await pool.query(`insert into auth_sessions (user_id) select unnest($1::uuid[])`, [userIds]);
  const {
    rows: [group],
  } = await pool.query<{ id: string }>(
    `insert into groups (name, description, config) values ('Vakt', 'Alle teknikere', '{}') returning id`,
  );
  await pool.query(`insert into group_members (group_id, user_id) select $1, unnest($2::uuid[])`, [
    group?.id,
    userIds,
  ]);
  await pool.query(
    `insert into notification_recipients (kind, group_id, tags, all_locations) values ('group', $1, '{critical}', true)`,
    [group?.id],
  );
  const subscriptions = (await push.subscribe(DEVICES)).map((one, index) => ({
    userId: userIds[index],
    ...one,
  }));
  await pool.query(
    `insert into web_push_devices (user_id, endpoint, p256dh, auth, label)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      subscriptions.map((s) => s.userId),
      subscriptions.map((s) => s.endpoint),
      subscriptions.map((s) => s.keys.p256dh),
      subscriptions.map((s) => s.keys.auth),
      subscriptions.map(() => 'Bench'),
    ],
  );
  return place;
}

/** Round `round`'s open critical alert of the bay and its notification event, committed in one transaction. */
async function openAlert(database: ReturnType<typeof connectDatabase>, place: Place, round: number) {
  await database.db.transaction(async (tx) => {
    const {
      rows: [alert],
    } = await tx.execute<{ id: string }>(
      sql`insert into alerts (bay_id, location_id, attribute_name, level, last_value)
          values (${place.bay_id}, ${place.location_id}, 'Vanntrykk', 'critical', '1.2') returning id`,
    );
    await recordNotificationEvents(tx, [
      {
        type: 'alert.opened',
        tag: 'critical',
        dedupeKey: `bench:${round}:${randomBytes(4).toString('hex')}`,
        locationIds: [place.location_id],
        bayIds: [place.bay_id],
        alertId: alert?.id,
        payload: alertPayload({ locationId: place.location_id, bayId: place.bay_id }),
        suppressible: false,
      },
    ]);
  });
}

async function main() {
  const name = `vd_bench_push_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(ADMIN_URL, name);
  const url = withDatabase(ADMIN_URL, name);
  const push = await startReceiver();
  const database = connectDatabase(url, 10);
  try {
    await runMigrations(url);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      ALLOW_LOOPBACK_TARGETS: 'true',
      CHECKS_ENABLED: 'false',
      INCIDENT_GROUP_WAIT_MS: '0',
    });
    const app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      databaseKind: 'external',
      logger: false,
      backgroundHousekeeping: false,
    });
    await app.ready();
    const pool = database.pool;

    const place = await seedAudience(pool, push);
    console.log(
      `${fmt(DEVICES)} enheter, ${ROUNDS} runder, push-tjenesten ${env.PUSH_SERVICE === 'inline' ? 'dekrypterer før svaret' : 'svarer før dekrypteringen'}, ${os.cpus().length} kjerner, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    const latencies: number[] = [];
    const [pushCpuBefore, postgresCpuBefore] = [await cpuSecondsOf(push.pid), await postgresCpuSeconds(name)];
    const cpuBefore = process.cpuUsage();
    const mainThreadBefore = await cpuSecondsOf(process.pid, process.pid);
    let roundsMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [before, acceptedBefore] = [push.arrivals.length, push.accepted()];
      await openAlert(database, place, round);
      const committed = performance.timeOrigin + performance.now();
      app.notifying.dispatcher.nudge();
      const deadline = Date.now() + TIMEOUT_MS;
      while (push.accepted() - acceptedBefore < DEVICES) {
        if (Date.now() > deadline) {
          throw new Error(
            `runde ${round + 1}: ${push.accepted() - acceptedBefore} av ${DEVICES} push innen fristen`,
          );
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      roundsMs += performance.timeOrigin + performance.now() - committed;
      // Every push of the round decrypted with its subscription's keys before it counts.
      await push.verify();
      if (push.arrivals.length - before < DEVICES) {
        throw new Error(
          `runde ${round + 1}: ${push.arrivals.length - before} av ${DEVICES} push dekryptert (${push.rejected.join('; ')})`,
        );
      }
      for (const [, acceptedAt] of push.arrivals.slice(before)) latencies.push(acceptedAt - committed);
      await pool.query(`update alerts set resolved_at = now() where resolved_at is null`);
    }
    const seconds = roundsMs / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const mainThreadCpu = (await cpuSecondsOf(process.pid, process.pid)) - mainThreadBefore;
    const pushCpu = (await cpuSecondsOf(push.pid)) - pushCpuBefore;
    const postgresCpu = (await postgresCpuSeconds(name)) - postgresCpuBefore;
    latencies.sort((a, b) => a - b);
    const perDevice = new Map<string, number>();
    for (const [id] of push.arrivals) perDevice.set(id, (perDevice.get(id) ?? 0) + 1);
    const repeats = [...perDevice.values()].filter((n) => n > ROUNDS).length;
    const withToken = push.arrivals.filter(([, , token]) => token).length;
    console.log(
      `commit → godtatt av push-tjenesten: p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(
        percentile(latencies, 99),
      )} ms, max ${fmt(latencies.at(-1) ?? Number.NaN)} ms (${fmt(latencies.length)} push)`,
    );
    const serverCpu = (cpu.user + cpu.system) / 1e6;
    const perPush = (cpuSeconds: number) => `${fmt((cpuSeconds * 1000) / latencies.length, 2)} ms`;
    console.log(
      `${fmt(push.arrivals.length / seconds)} push/s over ${seconds.toFixed(1)} s (rundene, commit → siste 201); med handlingsnøkkel ${fmt(
        withToken,
      )}; enheter med gjentak ${repeats}; avviste ${push.rejected.length}`,
    );
    console.log(
      `CPU: serverprosessen ${serverCpu.toFixed(1)} s (${perPush(serverCpu)} per push, ${fmt(
        latencies.length / serverCpu,
      )} push per CPU-sekund; hovedtråden ${perPush(mainThreadCpu)}), push-tjenesten ${pushCpu.toFixed(1)} s (${perPush(
        pushCpu,
      )}), PostgreSQL ${postgresCpu.toFixed(1)} s (${perPush(postgresCpu)}); load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await app.close();
  } finally {
    await database.close();
    await push.stop();
    await dropDatabase(ADMIN_URL, name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
