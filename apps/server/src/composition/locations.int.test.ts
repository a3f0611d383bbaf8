import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('documents every facility route in the OpenAPI document', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  for (const path of [
    '/api/v1/backend/locations/get',
    '/api/v1/backend/locations/image/upload',
    '/api/v1/images/{id}',
    '/api/v1/backend/bays/update',
    '/api/v1/backend/bays/links/reorder',
    '/api/v1/backend/locations/cameras/create',
    '/api/v1/cameras/{id}/snapshot',
    '/api/v1/dashboard/get',
  ]) {
    expect(paths).toContain(path);
  }
});
