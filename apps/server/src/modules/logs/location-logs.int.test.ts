import { CHECK_FAILURE_LOG_TYPE, LOG_TYPES } from '@vaskedrift/shared';
import { createSimulator, type Simulator } from '@vaskedrift/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WiredLocation, wireLocation } from '../../../test/engine';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, grantAccess, unknownId } from '../../../test/locations';

/*
 * Two wired facilities (A and B, each with its API and bays); the operator has A only. Failed checks are
 * written straight into the check log at known times: the engine's own checks are not what is tested here.
 */
let sim: Simulator;
let ctx: TestContext;
let admin: ApiClient;
let operator: ApiClient;
let a: WiredLocation;
let b: WiredLocation;
let hall1: string;
let hall2: string;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

async function insertCheck(apiId: string, at: Date, outcome: 'ok' | 'error', error?: string) {
  await ctx.database.pool.query(
    `insert into api_check_logs (api_id, started_at, outcome, duration_ms, http_status, error, error_code)
     values ($1, $2, $3, 120, $4, $5, $6)`,
    [apiId, at, outcome, outcome === 'ok' ? 200 : 503, error ?? null, error ? 'http' : null],
  );
}

const logsOf = (client: ApiClient, body: Record<string, unknown>) =>
  client.post('backend/locations/logs/get', { page: 1, perPage: 100, ...body });

beforeAll(async () => {
  sim = await createSimulator({ locationCount: 2, baysPerLocation: 2, drift: false });
  ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
  admin = await caller(ctx, 'admin');
  operator = await caller(ctx, 'operator');
  const [fa, fb] = sim.locations;
  if (!fa || !fb) throw new Error('ingen anlegg');
  a = await wireLocation(admin, sim, fa, { paths: ['temperature'] });
  b = await wireLocation(admin, sim, fb, { paths: ['temperature'] });
  hall1 = a.bays.get('hall-1') as string;
  hall2 = a.bays.get('hall-2') as string;
  await grantAccess(ctx, operator.user.id, a.locationId);
  await insertCheck(a.apiId, hoursAgo(30), 'error', 'Kontrolleren svarte 503');
  await insertCheck(a.apiId, hoursAgo(2), 'error', 'Tidsavbrudd etter 2000 ms');
  await insertCheck(a.apiId, hoursAgo(1), 'ok');
  await insertCheck(b.apiId, hoursAgo(1), 'error', 'Fra anlegg B');
  // A job on hall 2 (its audit entry names the facility and the bay in extraData).
  const job = await admin.post('backend/bays/maintenance/start', {
    bayId: hall2,
    type: 'service',
    assigneeId: admin.user.id,
    description: 'Bytter børster',
    reminderHours: 1,
    reminderMinutes: 0,
  });
  if (job.statusCode !== 200) throw new Error(job.body);
  await ctx.app.bus.drain();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

describe('POST backend/locations/logs/get', () => {
  it('merges the audit entries of the facility and its bays with its failed checks, newest first', async () => {
    const res = await logsOf(admin, { locationId: a.locationId });
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json();
    const types = data.map((e: { type: string }) => e.type);
    expect(types).toContain(LOG_TYPES.location.locationsCreate);
    expect(types.filter((t: string) => t === LOG_TYPES.location.baysCreate)).toHaveLength(2);
    expect(types).toContain(LOG_TYPES.maintenance.start);
    expect(types.filter((t: string) => t === CHECK_FAILURE_LOG_TYPE)).toHaveLength(2);
    expect(count).toBe(data.length);
    // Nothing of B, and the ok check is not a failure.
    expect(JSON.stringify(data)).not.toContain('Fra anlegg B');
    expect(JSON.stringify(data)).not.toContain(b.locationId);
    const times = data.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const created = data.find((e: { type: string }) => e.type === LOG_TYPES.location.locationsCreate);
    expect(created).toMatchObject({ kind: 'audit', user: { id: admin.user.id } });
    const failure = data.find((e: { type: string }) => e.type === CHECK_FAILURE_LOG_TYPE);
    expect(failure).toMatchObject({
      kind: 'check',
      user: null,
      apiId: a.apiId,
      apiName: expect.any(String),
      extraData: { error: 'Tidsavbrudd etter 2000 ms', httpStatus: 503 },
    });
  });

  it('filters by kind, type, bay, period and free text', async () => {
    const ids = async (body: Record<string, unknown>) => {
      const res = await logsOf(admin, { locationId: a.locationId, ...body });
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{ type: string; kind: string; bayId: string | null; extraData: never }>;
    };
    const checks = await ids({ filters: { kind: 'check' } });
    expect(checks.map((e) => e.kind)).toEqual(['check', 'check']);
    const audit = await ids({ filters: { kind: 'audit' } });
    expect(audit.length).toBeGreaterThan(3);
    expect(audit.every((e) => e.kind === 'audit')).toBe(true);

    const started = await ids({ filters: { type: LOG_TYPES.maintenance.start } });
    expect(started).toHaveLength(1);
    expect(started[0]?.bayId).toBe(hall2);

    // A bay: its own entries and the failures of the API feeding it; nothing about hall 1.
    const onHall2 = await ids({ filters: { bayId: hall2 } });
    expect(onHall2.filter((e) => e.kind === 'audit').every((e) => e.bayId === hall2)).toBe(true);
    expect(onHall2.some((e) => e.type === LOG_TYPES.location.baysCreate)).toBe(true);
    expect(onHall2.filter((e) => e.kind === 'check')).toHaveLength(2);
    expect(onHall2.some((e) => e.bayId === hall1)).toBe(false);

    const lastDay = await ids({ filters: { kind: 'check', from: hoursAgo(24).toISOString() } });
    expect(lastDay).toHaveLength(1);
    const before = await ids({ filters: { kind: 'check', to: hoursAgo(24).toISOString() } });
    expect(before).toHaveLength(1);

    const searched = await ids({ search: 'tidsavbrudd' });
    expect(searched).toHaveLength(1);
    expect(searched[0]?.type).toBe(CHECK_FAILURE_LOG_TYPE);
    expect(await ids({ search: 'finnes-ikke-noe-sted' })).toEqual([]);
  });

  it('pages in SQL with the total beside each page, and sorts oldest first on request', async () => {
    const all = (await logsOf(admin, { locationId: a.locationId })).json();
    const first = (await logsOf(admin, { locationId: a.locationId, perPage: 2, page: 1 })).json();
    const second = (await logsOf(admin, { locationId: a.locationId, perPage: 2, page: 2 })).json();
    expect(first.count).toBe(all.count);
    expect(first.data).toHaveLength(2);
    expect([...first.data, ...second.data].map((e: { id: string }) => e.id)).toEqual(
      all.data.slice(0, 4).map((e: { id: string }) => e.id),
    );
    const oldest = (
      await logsOf(admin, { locationId: a.locationId, perPage: 1, sort: { column: 'at', direction: 'asc' } })
    ).json();
    // The failure written 30 hours back is older than the facility itself.
    expect(oldest.data[0].extraData.error).toBe('Kontrolleren svarte 503');
  });

  it("answers 404 for a facility the caller may not see, exactly as for one that doesn't exist", async () => {
    const mine = await logsOf(operator, { locationId: a.locationId });
    expect(mine.statusCode).toBe(200);
    const theirs = await logsOf(operator, { locationId: b.locationId });
    const nobody = await logsOf(operator, { locationId: unknownId() });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Fant ikke anlegget');
    expect(nobody.json()).toEqual(theirs.json());
  });

  it('refuses bad filters with Norwegian messages', async () => {
    const period = await logsOf(admin, {
      locationId: a.locationId,
      filters: { from: hoursAgo(1).toISOString(), to: hoursAgo(2).toISOString() },
    });
    expect(period.statusCode).toBe(400);
    expect(JSON.stringify(period.json())).toContain('Fra-tidspunktet må være før til-tidspunktet');
    const kind = await logsOf(admin, { locationId: a.locationId, filters: { kind: 'alt' } });
    expect(kind.statusCode).toBe(400);
    expect(JSON.stringify(kind.json())).toContain('Ukjent loggkilde');
    const sort = await logsOf(admin, { locationId: a.locationId, sort: { column: 'type' } });
    expect(sort.statusCode).toBe(400);
    expect(JSON.stringify(sort.json())).toContain('Loggen kan bare sorteres etter tid');
  });
});
