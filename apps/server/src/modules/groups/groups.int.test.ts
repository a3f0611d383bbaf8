import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers';
import { callApi, logRows, type SignedIn, signedIn } from '../../../test/people';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
});
afterAll(() => ctx.close());

const create = (body: Record<string, unknown>) =>
  callApi(ctx, admin.token, 'POST', 'backend/groups/create', body);

describe('backend/groups/create and get', () => {
  it('creates a group with members; get {id} answers it with the members', async () => {
    const kari = await createUser(ctx, { firstName: 'Kari', role: 'operator' });
    const ola = await createUser(ctx, { firstName: 'Ola', role: 'user' });
    const res = await create({
      name: 'Teknikere nord',
      description: 'Alle teknikere i region nord',
      config: { color: '#FF8800' },
      members: [ola.id, kari.id],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const got = await callApi(ctx, admin.token, 'POST', 'backend/groups/get', { id });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({
      id,
      name: 'Teknikere nord',
      description: 'Alle teknikere i region nord',
      config: { color: '#FF8800' },
      memberCount: 2,
      members: [
        { id: kari.id, firstName: 'Kari', role: 'operator' },
        { id: ola.id, firstName: 'Ola', role: 'user' },
      ],
    });
    const [entry] = await logRows(ctx, 'groups/create');
    expect(entry).toMatchObject({ resource_type: 'groups', resource_id: id, user_id: admin.user.id });
  });

  it('requires name, description and colour, in Norwegian', async () => {
    const res = await create({ name: '  ', config: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Navn er påkrevd' },
        { path: 'description', message: 'Beskrivelse er påkrevd' },
        { path: 'config.color', message: 'Farge er påkrevd' },
      ]),
    );
    const badColour = await create({ name: 'Gruppe', description: 'Tekst', config: { color: 'red' } });
    expect(badColour.json().details).toEqual([
      { path: 'config.color', message: 'Ugyldig farge (bruk formatet #RRGGBB)' },
    ]);
  });

  it('refuses a name already used (case-insensitive) and an unknown member', async () => {
    await create({ name: 'Vaktlag A', description: 'x', config: { color: '#000000' } });
    const dup = await create({ name: 'vaktlag a', description: 'y', config: { color: '#000000' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Det finnes allerede en gruppe med dette navnet');
    const unknown = await create({
      name: 'Vaktlag B',
      description: 'y',
      config: { color: '#000000' },
      members: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'members.0', message: 'Ukjent bruker i medlemslisten' }]);
  });

  it('lists groups with member counts, searchable and sortable', async () => {
    const member = await createUser(ctx);
    await create({
      name: 'Liste 1',
      description: 'søkbar',
      config: { color: '#111111' },
      members: [member.id],
    });
    await create({ name: 'Liste 2', description: 'søkbar', config: { color: '#222222' } });
    const res = await callApi(ctx, admin.token, 'POST', 'backend/groups/get', {
      search: 'søkbar',
      sort: { column: 'memberCount', direction: 'desc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(
      res.json().data.map((g: { name: string; memberCount: number }) => [g.name, g.memberCount]),
    ).toEqual([
      ['Liste 1', 1],
      ['Liste 2', 0],
    ]);
    const byMember = await callApi(ctx, admin.token, 'POST', 'backend/groups/get', {
      filters: { memberId: member.id },
    });
    expect(byMember.json().data.map((g: { name: string }) => g.name)).toEqual(['Liste 1']);
  });
});

describe('backend/groups/update', () => {
  it('changes fields and replaces the member list', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const id = (
      await create({ name: 'Endres', description: 'før', config: { color: '#333333' }, members: [a.id] })
    ).json().data.id;
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/groups/update', {
      id,
      description: 'etter',
      config: { color: '#444444' },
      members: [b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Endres',
      description: 'etter',
      config: { color: '#444444' },
      members: [{ id: b.id }],
    });
    const rows = await logRows(ctx, 'groups/update');
    expect(rows.at(-1)).toMatchObject({
      resource_id: id,
      user_id: admin.user.id,
      extra_data: { fields: ['description', 'config', 'members'] },
    });
  });

  it('answers an unknown group with 404', async () => {
    const res = await callApi(ctx, admin.token, 'PATCH', 'backend/groups/update', {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Fant ikke gruppen');
  });
});

describe('backend/groups/delete', () => {
  it("refuses a group in use: 'Gruppen er i bruk'; once emptied it can go", async () => {
    const member = await createUser(ctx);
    const id = (
      await create({ name: 'I bruk', description: 'x', config: { color: '#555555' }, members: [member.id] })
    ).json().data.id;
    const refused = await callApi(ctx, admin.token, 'DELETE', 'backend/groups/delete', { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'groups/in-use', message: 'Gruppen er i bruk' });
    expect((await callApi(ctx, admin.token, 'POST', 'backend/groups/get', { id })).statusCode).toBe(200);

    await callApi(ctx, admin.token, 'PATCH', 'backend/groups/update', { id, members: [] });
    const deleted = await callApi(ctx, admin.token, 'DELETE', 'backend/groups/delete', { id });
    expect(deleted.statusCode).toBe(200);
    expect((await callApi(ctx, admin.token, 'POST', 'backend/groups/get', { id })).statusCode).toBe(404);
    const [entry] = await logRows(ctx, 'groups/delete');
    expect(entry).toMatchObject({ resource_id: id, user_id: admin.user.id, extra_data: { name: 'I bruk' } });
  });

  it('a deleted user leaves their groups', async () => {
    const member = await createUser(ctx);
    const id = (
      await create({ name: 'Forlatt', description: 'x', config: { color: '#666666' }, members: [member.id] })
    ).json().data.id;
    await callApi(ctx, admin.token, 'DELETE', 'backend/users/delete', { id: member.id });
    const deleted = await callApi(ctx, admin.token, 'DELETE', 'backend/groups/delete', { id });
    expect(deleted.statusCode).toBe(200);
  });
});
