import { DATA_SOURCE_MAX_BYTES, LOG_TYPES } from '@vaskedrift/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, unknownId } from '../../../test/locations';
import { type MultipartFile, multipartBody } from '../../../test/multipart';
import { logRows, signedIn } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedIn(ctx, 'admin', { firstName: 'Ada', lastName: 'Admin' });
  adminToken = signed.token;
  admin = await caller(ctx, 'admin');
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.pool.query('delete from data_sources');
});

function upload(files: MultipartFile[], token = adminToken) {
  const { contentType, payload } = multipartBody(files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/backend/data/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

const md = (name: string, data: string | Buffer): MultipartFile => ({ name, type: 'text/markdown', data });

async function storedCount(): Promise<number> {
  const { rows } = await ctx.database.pool.query('select count(*)::int as n from data_sources');
  return rows[0].n;
}

describe('data upload', () => {
  it('stores Markdown files with their title, size and uploader, newest first in the list', async () => {
    const res = await upload([
      md('rutiner.md', '# Rutiner for vaskehall\n\nSjekk børstene hver morgen.'),
      md('Åpningstider.md', 'Åpent 07–22 alle dager.'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('2 filer er lastet opp');
    const stored = res.json().data;
    expect(stored.map((s: { title: string }) => s.title).sort()).toEqual([
      'Rutiner for vaskehall',
      'Åpningstider',
    ]);
    expect(stored[0].uploadedBy).toMatchObject({ name: 'Ada Admin' });

    const list = await admin.call('GET', 'backend/data/get-all');
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().data[0]).not.toHaveProperty('body');

    const id = stored.find((s: { fileName: string }) => s.fileName === 'rutiner.md').id;
    const one = await admin.post('backend/data/get', { id });
    expect(one.json().data.body).toBe('# Rutiner for vaskehall\n\nSjekk børstene hver morgen.');
    const logged = (await logRows(ctx, LOG_TYPES.dataSource.upload)).filter((r) => r.resource_id === id);
    expect(logged[0]?.extra_data).toMatchObject({ fileName: 'rutiner.md' });
  });

  it('takes ten files and refuses an eleventh, storing none of them', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => md(`fil-${i}.md`, `Fil nummer ${i}`));
    expect((await upload(ten)).statusCode).toBe(200);
    await ctx.database.pool.query('delete from data_sources');

    const res = await upload([...ten, md('fil-10.md', 'Én for mye')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Du kan laste opp høyst 10 filer om gangen');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a .txt file, and stores none of the good files beside it', async () => {
    const res = await upload([
      md('god.md', 'Helt fin'),
      { name: 'notat.txt', type: 'text/plain', data: 'tekst' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('«notat.txt» er ikke en Markdown-fil (.md)');
    expect(await storedCount()).toBe(0);
  });

  it('refuses a binary file renamed .md (invalid UTF-8, or control bytes)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const res = await upload([md('god.md', 'Helt fin'), md('bilde.md', png)]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('«bilde.md» er ikke ren tekst (UTF-8 uten binære tegn)');
    const nul = await upload([md('nul.md', 'tekst\u0000med NUL')]);
    expect(nul.statusCode).toBe(415);
    expect(await storedCount()).toBe(0);
  });

  it('refuses a file over 1 MB and takes one of exactly 1 MB', async () => {
    const res = await upload([md('god.md', 'Helt fin'), md('stor.md', 'a'.repeat(2 * 1024 * 1024))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('«stor.md» er større enn 1 MB');
    expect(await storedCount()).toBe(0);
    expect((await upload([md('akkurat.md', 'a'.repeat(DATA_SOURCE_MAX_BYTES))])).statusCode).toBe(200);
  });

  it('refuses a name with a path or a control character, never cutting it down to a file name', async () => {
    for (const name of ['../hemmelig.md', '..\\hemmelig.md', 'mappe/fil.md', 'fil\u0007.md']) {
      const res = await upload([md('god.md', 'Helt fin'), md(name, 'innhold')]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(
        'Filnavnet er ugyldig: det kan ikke inneholde mapper, skråstreker eller kontrolltegn',
      );
    }
    expect(await storedCount()).toBe(0);
  });

  it('refuses an empty upload and a JSON body', async () => {
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Velg minst én Markdown-fil å laste opp');
    const json = await admin.post('backend/data/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Filene må sendes som multipart/form-data');
  });

  it('is for admins and superadmins only: an operator gets 403 on every route', async () => {
    const operator = await signedIn(ctx, 'operator');
    expect((await upload([md('a.md', 'hei')], operator.token)).statusCode).toBe(403);
    const op = await caller(ctx, 'operator');
    expect((await op.call('GET', 'backend/data/get-all')).statusCode).toBe(403);
    expect((await op.post('backend/data/search', { query: 'hei' })).statusCode).toBe(403);
    expect((await op.del('backend/data/delete', { id: unknownId() })).statusCode).toBe(403);
    const superadmin = await signedIn(ctx, 'superadmin');
    expect((await upload([md('a.md', 'hei')], superadmin.token)).statusCode).toBe(200);
  });

  it('does not take multipart on other routes', async () => {
    const { contentType, payload } = multipartBody([md('a.md', 'hei')]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/backend/data/search',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('data search', () => {
  it('finds a Norwegian word in its inflected form and marks the hit in the excerpt', async () => {
    await upload([
      md('hall.md', '# Drift\n\nVaskehall 3 stenger klokken 22.'),
      md('annet.md', '# Kaffe\n\nKaffemaskinen står i resepsjonen.'),
    ]);
    const res = await admin.post('backend/data/search', { query: 'vaskehallene' });
    expect(res.statusCode).toBe(200);
    const hits = res.json().data;
    expect(hits.map((h: { fileName: string }) => h.fileName)).toEqual(['hall.md']);
    expect(hits[0].excerpt).toContainEqual({ text: 'Vaskehall', hit: true });
  });

  it('gives the excerpt as text, without the Markdown syntax around the hit', async () => {
    await upload([
      md(
        'rutine.md',
        '# Rutiner\n\n> **Skyllepumpen** må luftes hver mandag.\n\n- Se [manualen](https://example.no/m) for `P-3`.',
      ),
    ]);
    const res = await admin.post('backend/data/search', { query: 'skyllepumpen' });
    const [hit] = res.json().data;
    const text = hit.excerpt.map((s: { text: string }) => s.text).join('');
    expect(hit.excerpt).toContainEqual({ text: 'Skyllepumpen', hit: true });
    expect(text).toContain('Skyllepumpen må luftes hver mandag');
    expect(text).not.toMatch(/\*\*|^>|\s>\s|\]\(|`|#/);
  });

  it('answers an empty list for no match, and refuses an empty or overlong query', async () => {
    await upload([md('hall.md', 'Vaskehall')]);
    expect((await admin.post('backend/data/search', { query: 'traktor' })).json()).toEqual({
      data: [],
      count: 0,
    });
    const empty = await admin.post('backend/data/search', { query: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Skriv hva du søker etter');
    expect((await admin.post('backend/data/search', { query: 'a'.repeat(201) })).statusCode).toBe(400);
    // Query syntax characters are not an error: websearch_to_tsquery never throws.
    expect((await admin.post('backend/data/search', { query: '"vask & (hall' })).statusCode).toBe(200);
  });
});

describe('data delete', () => {
  it('deletes a file, logs who did it, and 404s for it afterwards', async () => {
    const id = (await upload([md('borte.md', 'Snart borte')])).json().data[0].id;
    const res = await admin.del('backend/data/delete', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Datakilden er slettet');
    expect((await admin.call('GET', 'backend/data/get-all')).json().count).toBe(0);
    expect((await admin.post('backend/data/get', { id })).statusCode).toBe(404);
    const again = await admin.del('backend/data/delete', { id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Fant ikke datakilden');
    const logged = (await logRows(ctx, LOG_TYPES.dataSource.delete)).filter((r) => r.resource_id === id);
    expect(logged[0]).toMatchObject({ resource_type: 'data', extra_data: { fileName: 'borte.md' } });
  });
});
