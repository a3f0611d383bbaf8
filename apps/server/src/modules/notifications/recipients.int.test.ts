import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createLocation, unknownId } from '../../../test/locations';
import { logRows } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let location: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await caller(ctx, 'admin');
  location = await createLocation(admin, { name: 'Vask Bryn' });
});
afterAll(() => ctx.close());

const base = 'backend/settings/notifications';
const create = (body: Record<string, unknown>) => admin.post(`${base}/create`, body);

describe('notification recipients: adding', () => {
  it('adds a user with tags and chosen facilities; get {id} and the page answer it; the log has it', async () => {
    const kari = await createUser(ctx, { firstName: 'Kari', lastName: 'Tekniker', role: 'operator' });
    const res = await create({
      recipient: { kind: 'user', userId: kari.id },
      tags: ['critical', 'start', 'critical'],
      reminderHours: 2,
      allLocations: false,
      locationIds: [location],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Mottakeren er lagt til');
    const { id } = res.json().data;
    const one = await admin.post(`${base}/get`, { id });
    expect(one.json().data).toMatchObject({
      id,
      kind: 'user',
      name: 'Kari Tekniker',
      email: kari.email,
      userId: kari.id,
      memberCount: 1,
      tags: ['critical', 'start'],
      reminderHours: 2,
      reminderMinutes: 0,
      allLocations: false,
      locations: [{ id: location, name: 'Vask Bryn' }],
    });
    const page = await admin.post(`${base}/get`, { search: 'tekniker' });
    expect(page.json()).toMatchObject({ count: 1, data: [{ id }] });
    const [entry] = await logRows(ctx, 'settings/notifications/create');
    expect(entry).toMatchObject({ resource_id: id, user_id: admin.user.id, extra_data: { kind: 'user' } });
  });

  it('adds a group (its member count) and a custom address', async () => {
    const member = await createUser(ctx);
    const group = await admin.post('backend/groups/create', {
      name: 'Vakt',
      description: 'Vaktlaget',
      config: { color: '#112233' },
      members: [member.id],
    });
    const byGroup = await create({
      recipient: { kind: 'group', groupId: group.json().data.id },
      tags: ['warning'],
    });
    expect(byGroup.json().data).toMatchObject({ kind: 'group', name: 'Vakt', email: null, memberCount: 1 });
    const custom = await create({
      recipient: { kind: 'custom', name: 'Vaktsentral', email: 'vakt@example.no' },
      tags: ['escalation'],
    });
    expect(custom.json().data).toMatchObject({
      kind: 'custom',
      name: 'Vaktsentral',
      email: 'vakt@example.no',
    });
  });

  it('answers every mistake with a Norwegian message', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ tags: ['start'] }, 400, 'Du må velge en mottaker'],
      [
        { recipient: { kind: 'custom', name: 'Anne', email: 'a@example.no' }, tags: [] },
        400,
        'Velg minst én hendelse eller ett nivå',
      ],
      [
        { recipient: { kind: 'custom', name: 'Anne', email: 'a@example.no' }, tags: ['alt'] },
        400,
        'Ukjent hendelse eller nivå',
      ],
      [
        {
          recipient: { kind: 'custom', name: 'Anne', email: 'a@example.no' },
          tags: ['info'],
          allLocations: false,
        },
        400,
        'Velg minst ett anlegg, eller alle anlegg',
      ],
      [
        {
          recipient: { kind: 'custom', name: 'Anne', email: 'a@example.no' },
          tags: ['info'],
          reminderMinutes: 60,
        },
        400,
        'Påminnelse må være et helt antall timer (0–8760) og minutter (0–59)',
      ],
      [{ recipient: { kind: 'user', userId: unknownId() }, tags: ['info'] }, 400, 'Ukjent bruker'],
      [{ recipient: { kind: 'group', groupId: unknownId() }, tags: ['info'] }, 400, 'Ukjent gruppe'],
      [
        {
          recipient: { kind: 'custom', name: 'Anne', email: 'a@example.no' },
          tags: ['info'],
          allLocations: false,
          locationIds: [unknownId()],
        },
        400,
        'Ukjent anlegg',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect([res.statusCode, JSON.stringify(res.json())]).toEqual([
        status,
        expect.stringContaining(message),
      ]);
    }
  });
});

describe('notification recipients: duplicates, changes and who may', () => {
  it('refuses the same recipient twice with 409', async () => {
    const body = { recipient: { kind: 'custom', name: 'Ola', email: 'ola@example.no' }, tags: ['info'] };
    expect((await create(body)).statusCode).toBe(200);
    const again = await create({ ...body, recipient: { ...body.recipient, email: 'OLA@example.no' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Mottakeren finnes allerede');
  });

  it('updates tags and scope, deletes, and answers 404 after', async () => {
    const created = await create({
      recipient: { kind: 'custom', name: 'Per', email: 'per@example.no' },
      tags: ['info'],
    });
    const id = created.json().data.id;
    const updated = await admin.patch(`${base}/update`, {
      id,
      tags: ['reminders'],
      reminderMinutes: 30,
      allLocations: false,
      locationIds: [location],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Mottakeren er oppdatert',
      data: { tags: ['reminders'], reminderMinutes: 30, allLocations: false, locations: [{ id: location }] },
    });
    const all = await admin.patch(`${base}/update`, { id, allLocations: true });
    expect(all.json().data).toMatchObject({ allLocations: true, locations: [] });
    const [entry] = await logRows(ctx, 'settings/notifications/update');
    expect(entry?.extra_data).toMatchObject({
      fields: ['allLocations', 'locationIds', 'reminderMinutes', 'tags'],
    });

    const deleted = await admin.del(`${base}/delete`, { id });
    expect(deleted.json()).toEqual({ data: { id }, message: 'Mottakeren er slettet' });
    const gone = await admin.post(`${base}/get`, { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Fant ikke mottakeren');
    expect((await admin.del(`${base}/delete`, { id })).statusCode).toBe(404);
    expect((await admin.patch(`${base}/update`, { id, tags: ['info'] })).statusCode).toBe(404);
    expect(await logRows(ctx, 'settings/notifications/delete')).toHaveLength(1);
  });

  it('is for admins and superadmins only: an operator and a user get 403', async () => {
    const superadmin = await caller(ctx, 'superadmin');
    expect((await superadmin.post(`${base}/get`, {})).statusCode).toBe(200);
    for (const role of ['operator', 'user'] as const) {
      const other = await caller(ctx, role);
      expect((await other.post(`${base}/get`, {})).statusCode).toBe(403);
      expect((await other.post(`${base}/create`, { tags: ['info'] })).statusCode).toBe(403);
      expect((await other.patch(`${base}/update`, { id: unknownId() })).statusCode).toBe(403);
      expect((await other.del(`${base}/delete`, { id: unknownId() })).statusCode).toBe(403);
    }
  });
});
