import { USERS_VIEW } from '@vaskedrift/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './create-api-client';
import { FIRST_READS, sendEarlyRead, takeEarlyRead } from './early-reads';

describe('early reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the users view the app reads', () => {
    expect(FIRST_READS.user('u1').body).toEqual({ table: USERS_VIEW, id: 'u1' });
  });

  it('hands the API client the answer sent early for the same request, once, and nothing for another', async () => {
    const early = new Response(JSON.stringify({ data: 'tidlig' }));
    const network = vi.fn(async () => new Response(JSON.stringify({ data: 'nett' })));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => early),
    );
    sendEarlyRead('token-1', FIRST_READS.user('u1'));
    const client = createApiClient({
      fetch: (input, init) => takeEarlyRead(input, init) ?? network(),
      getAccessToken: async () => 'token-1',
      refresh: async () => false,
      signOut: async () => {},
    });
    const read = FIRST_READS.user('u1');
    // Another user's read and another token's are not the one sent.
    await expect(client('POST', FIRST_READS.user('u2').path, FIRST_READS.user('u2').body)).resolves.toEqual({
      data: 'nett',
    });
    await expect(client('POST', read.path, read.body)).resolves.toEqual({ data: 'tidlig' });
    await expect(client('POST', read.path, read.body)).resolves.toEqual({ data: 'nett' });
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('does not hand an answer sent with another token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    sendEarlyRead('token-old', FIRST_READS.dashboard);
    const init = { method: 'POST', headers: { authorization: 'Bearer token-new' }, body: '{}' };
    expect(takeEarlyRead('/api/v1/dashboard/get', init)).toBeUndefined();
    const same = { ...init, headers: { authorization: 'Bearer token-old' } };
    expect(takeEarlyRead('/api/v1/dashboard/get', same)).toBeDefined();
  });
});
