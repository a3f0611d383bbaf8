import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import {
  type ApiClient,
  caller,
  createLocation,
  fieldMessages,
  grantAccess,
  unknownId,
} from '../../../test/locations';

/** A tiny JPEG: the proxy only passes on what its first bytes say is an image. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

let camServer: Server;
let camBase: string;
let hits = 0;
beforeAll(async () => {
  camServer = createServer((req, res) => {
    hits += 1;
    if (req.url === '/snapshot.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    if (req.url === '/html')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<script>1</script>');
    res.writeHead(500).end('feil');
  });
  await new Promise<void>((resolve) => camServer.listen(0, '127.0.0.1', resolve));
  camBase = `http://127.0.0.1:${(camServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  camServer.closeAllConnections();
  await new Promise((resolve) => camServer.close(resolve));
});

async function camera(admin: ApiClient, locationId: string, body: Record<string, unknown> = {}) {
  const res = await admin.post('backend/locations/cameras/create', {
    locationId,
    name: 'Kamera Inngang',
    snapshotUrl: `${camBase}/snapshot.jpg`,
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { id: string; snapshotProxyUrl: string; snapshotUrl: string };
}

const fetchProxy = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

describe('with loopback targets refused (the default)', () => {
  let ctx: TestContext;
  let admin: ApiClient;
  let locationId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await caller(ctx, 'admin');
    locationId = await createLocation(admin, { name: 'Kamera Anlegg' });
  });
  afterAll(() => ctx.close());

  it('creates, lists in order, updates and deletes cameras', async () => {
    const first = await camera(admin, locationId, {
      name: 'Kamera En',
      streamUrl: 'https://strøm.example.no/1',
    });
    const second = await camera(admin, locationId, { name: 'Kamera To', streamUrl: '' });
    const list = (await admin.post('backend/locations/cameras/get', { filters: { locationId } })).json();
    expect(list.count).toBe(2);
    expect(list.data.map((c: { name: string; sortOrder: number }) => [c.name, c.sortOrder])).toEqual([
      ['Kamera En', 0],
      ['Kamera To', 1],
    ]);
    expect(list.data[1]).toMatchObject({ streamUrl: null, locationName: 'Kamera Anlegg' });
    expect(first.snapshotProxyUrl).toMatch(new RegExp(`^/api/v1/cameras/${first.id}/snapshot\\?token=`));

    const updated = await admin.patch('backend/locations/cameras/update', {
      id: second.id,
      name: 'Kamera Bak',
      sortOrder: 5,
    });
    expect(updated.json().data).toMatchObject({ name: 'Kamera Bak', sortOrder: 5 });
    expect((await admin.del('backend/locations/cameras/delete', { id: second.id })).statusCode).toBe(200);
    expect((await admin.post('backend/locations/cameras/get', { id: second.id })).statusCode).toBe(404);
  });

  it.each([
    [{ snapshotUrl: 'file:///etc/passwd' }, 'snapshotUrl', 'URL-en må begynne med http:// eller https://'],
    [{ snapshotUrl: 'kamera' }, 'snapshotUrl', 'Ugyldig URL'],
    [{ streamUrl: 'rtsp://kamera/strom' }, 'streamUrl', 'URL-en må begynne med http:// eller https://'],
    [{ name: 'K1' }, 'name', 'Navnet må være lenger enn 2 bokstaver'],
  ])('refuses %o with "%s: %s"', async (overrides, path, message) => {
    const res = await admin.post('backend/locations/cameras/create', {
      locationId,
      name: 'Kamera',
      snapshotUrl: 'http://kamera.local/bilde.jpg',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())[path]).toBe(message);
  });

  it('refuses the cloud metadata address with a clear error', async () => {
    const cam = await camera(admin, locationId, {
      snapshotUrl: 'http://169.254.169.254/latest/meta-data/',
    });
    const res = await fetchProxy(ctx, cam.snapshotProxyUrl);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      message: 'Adressen er ikke tillatt (lenke-lokal/metadata)',
      code: 'outbound/forbidden-address',
    });
  });

  it('refuses loopback, by address and by name, without reaching it', async () => {
    const before = hits;
    for (const url of [`${camBase}/snapshot.jpg`, camBase.replace('127.0.0.1', 'localhost')]) {
      const cam = await camera(admin, locationId, { snapshotUrl: url });
      const res = await fetchProxy(ctx, cam.snapshotProxyUrl);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Adressen er ikke tillatt (loopback)');
    }
    expect(hits).toBe(before);
  });

  it('masks camera passwords for everybody but admins', async () => {
    const cam = await camera(admin, locationId, {
      snapshotUrl: 'http://admin:hemmelig@10.1.1.9/snap.jpg',
    });
    expect(cam.snapshotUrl).toBe('http://admin:hemmelig@10.1.1.9/snap.jpg');
    const operator = await caller(ctx, 'operator');
    await grantAccess(ctx, operator.user.id, locationId);
    const seen = (await operator.post('backend/locations/cameras/get', { id: cam.id })).json().data;
    expect(seen.snapshotUrl).toBe('http://admin:****@10.1.1.9/snap.jpg');
  });

  it('shows cameras of granted facilities only, 404 otherwise, 403 for every write', async () => {
    const user = await caller(ctx, 'user');
    const other = await createLocation(admin, { name: 'Annet Kamera Anlegg' });
    const mine = await camera(admin, locationId);
    const theirs = await camera(admin, other);
    await grantAccess(ctx, user.user.id, locationId);
    const list = (await user.post('backend/locations/cameras/get', { perPage: 100 })).json();
    expect(list.data.every((c: { locationId: string }) => c.locationId === locationId)).toBe(true);
    expect(list.data.map((c: { id: string }) => c.id)).toContain(mine.id);
    const hidden = await user.post('backend/locations/cameras/get', { id: theirs.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(
      (await user.post('backend/locations/cameras/get', { id: unknownId() })).json(),
    );
    const writes = [
      await user.post('backend/locations/cameras/create', {
        locationId,
        name: 'Kamera',
        snapshotUrl: camBase,
      }),
      await user.patch('backend/locations/cameras/update', { id: mine.id, name: 'Kamera Endret' }),
      await user.del('backend/locations/cameras/delete', { id: mine.id }),
    ];
    for (const res of writes) expect(res.statusCode).toBe(403);
  });
});

describe('the snapshot proxy with loopback targets allowed (the demo and tests)', () => {
  let ctx: TestContext;
  let admin: ApiClient;
  let locationId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'true' });
    admin = await caller(ctx, 'admin');
    locationId = await createLocation(admin);
  });
  afterAll(() => ctx.close());

  it('serves the snapshot as an image that is never cached', async () => {
    const cam = await camera(admin, locationId);
    const res = await fetchProxy(ctx, cam.snapshotProxyUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
  });

  it('still refuses the metadata address', async () => {
    const cam = await camera(admin, locationId, { snapshotUrl: 'http://169.254.169.254/' });
    expect((await fetchProxy(ctx, cam.snapshotProxyUrl)).json().message).toBe(
      'Adressen er ikke tillatt (lenke-lokal/metadata)',
    );
  });

  it('passes on no HTML dressed as an image, and says when the camera fails', async () => {
    const html = await camera(admin, locationId, { snapshotUrl: `${camBase}/html` });
    const htmlRes = await fetchProxy(ctx, html.snapshotProxyUrl);
    expect(htmlRes.statusCode).toBe(502);
    expect(htmlRes.json().message).toBe('Kameraet svarte ikke med et bilde');
    const broken = await camera(admin, locationId, { snapshotUrl: `${camBase}/mangler` });
    expect((await fetchProxy(ctx, broken.snapshotProxyUrl)).json().message).toBe(
      'Kameraet svarte med feilkode 500',
    );
  });

  it('needs a valid token for this camera, from a user who still has access', async () => {
    const cam = await camera(admin, locationId);
    const other = await camera(admin, locationId, { name: 'Kamera Annet' });
    const token = new URL(cam.snapshotProxyUrl, 'http://x').searchParams.get('token');
    const forged = await fetchProxy(ctx, `/api/v1/cameras/${cam.id}/snapshot?token=${token}x`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(
      'Lenken til kamerabildet er ugyldig eller utløpt. Last siden på nytt.',
    );
    expect((await fetchProxy(ctx, `/api/v1/cameras/${other.id}/snapshot?token=${token}`)).statusCode).toBe(
      403,
    );
    expect((await fetchProxy(ctx, `/api/v1/cameras/${cam.id}/snapshot`)).statusCode).toBe(400);

    const operator = await caller(ctx, 'operator');
    await grantAccess(ctx, operator.user.id, locationId);
    const seen = (await operator.post('backend/locations/cameras/get', { id: cam.id })).json().data;
    expect((await fetchProxy(ctx, seen.snapshotProxyUrl)).statusCode).toBe(200);
    await ctx.database.pool.query('delete from user_location_access where user_id = $1', [operator.user.id]);
    expect((await fetchProxy(ctx, seen.snapshotProxyUrl)).statusCode).toBe(404);
    await grantAccess(ctx, operator.user.id, locationId);
    await ctx.database.pool.query('update users set disabled_at = now() where id = $1', [operator.user.id]);
    expect((await fetchProxy(ctx, seen.snapshotProxyUrl)).statusCode).toBe(403);
  });

  it('hides the cameras of a deleted facility, in the list and in the proxy', async () => {
    const location = await createLocation(admin);
    const cam = await camera(admin, location);
    await admin.del('backend/locations/delete', { id: location });
    expect((await admin.post('backend/locations/cameras/get', { id: cam.id })).statusCode).toBe(404);
    expect(
      (await admin.post('backend/locations/cameras/get', { filters: { locationId: location } })).json().count,
    ).toBe(0);
    expect(
      (await admin.patch('backend/locations/cameras/update', { id: cam.id, name: 'Kamera Igjen' }))
        .statusCode,
    ).toBe(404);
    expect((await fetchProxy(ctx, cam.snapshotProxyUrl)).statusCode).toBe(404);
  });
});
