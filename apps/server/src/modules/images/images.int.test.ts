import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { type ApiClient, caller, createLocation, unknownId } from '../../../test/locations';
import { type MultipartFile, multipartBody } from '../../../test/multipart';
import { signedIn } from '../../../test/people';

let ctx: TestContext;
let admin: ApiClient;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedIn(ctx, 'admin');
  adminToken = signed.token;
  admin = await caller(ctx, 'admin');
});
afterAll(() => ctx.close());

/** A real 3×2 PNG (one IHDR, one IDAT, IEND). */
function png(width = 3, height = 2): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG header with a start-of-frame for 640×480 (enough for the sniffer). */
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
  0x03, 0x11, 0x01, 0xff, 0xd9,
]);

function multipart(files: MultipartFile[], token = adminToken) {
  const { contentType, payload } = multipartBody(files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/backend/locations/image/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

describe('image upload', () => {
  it('stores a PNG, reads its size and serves it back with its type, a long cache and nosniff', async () => {
    const data = png(3, 2);
    const res = await multipart([{ name: 'anlegg.png', type: 'image/png', data }]);
    expect(res.statusCode).toBe(200);
    const image = res.json().data;
    expect(image).toMatchObject({ contentType: 'image/png', width: 3, height: 2, byteSize: data.length });
    expect(image.url).toBe(`/api/v1/images/${image.id}`);

    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(data)).toBe(true);
  });

  it('judges the type by content, not by name or claimed type', async () => {
    const renamed = await multipart([
      { name: 'bilde.png', type: 'image/png', data: Buffer.from('<html>hei</html>') },
    ]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe('Bildet må være PNG, JPEG eller WebP');
    const jpegNamedTxt = await multipart([{ name: 'notat.txt', type: 'text/plain', data: jpeg }]);
    expect(jpegNamedTxt.json().data).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 480 });
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await multipart([{ name: 'stor.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Bildet er større enn 5 MB');
  });

  it('takes a 4 MB picture (above the 1 MB JSON body limit)', async () => {
    const res = await multipart([
      { name: 'stor.png', type: 'image/png', data: Buffer.concat([png(), Buffer.alloc(4 * 1024 * 1024)]) },
    ]);
    expect(res.statusCode).toBe(200);
  });

  it('refuses two files, no file, and a JSON body', async () => {
    const two = await multipart([
      { name: 'a.png', type: 'image/png', data: png() },
      { name: 'b.png', type: 'image/png', data: png() },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Last opp ett bilde om gangen');
    const none = await multipart([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Velg et bilde å laste opp');
    const json = await admin.post('backend/locations/image/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Bildet må sendes som multipart/form-data');
  });

  it('is for admins only', async () => {
    const operator = await signedIn(ctx, 'operator');
    const res = await multipart([{ name: 'a.png', type: 'image/png', data: png() }], operator.token);
    expect(res.statusCode).toBe(403);
  });

  it('attaches to a facility, and 404s for an unknown image', async () => {
    const upload = await multipart([{ name: 'a.png', type: 'image/png', data: png() }]);
    const imageId = upload.json().data.id;
    const locationId = await createLocation(admin, { imageId });
    const location = (await admin.post('backend/locations/get', { id: locationId })).json().data;
    expect(location).toMatchObject({ imageId, imageUrl: `/api/v1/images/${imageId}` });
    const removed = await admin.patch('backend/locations/update', { id: locationId, imageId: null });
    expect(removed.json().data.imageUrl).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/images/${unknownId()}` })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/images/ikke-en-id' })).statusCode).toBe(400);
  });
});
