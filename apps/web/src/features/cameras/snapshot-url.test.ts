import { describe, expect, it } from 'vitest';
import { withCacheBuster } from './snapshot-url';

describe('withCacheBuster', () => {
  it('adds to an existing query (the signed token stays)', () => {
    expect(withCacheBuster('/api/v1/cameras/abc/snapshot?token=x.y', 3)).toBe(
      '/api/v1/cameras/abc/snapshot?token=x.y&_t=3',
    );
  });

  it('starts a query when there is none, and keeps a fragment last', () => {
    expect(withCacheBuster('/snap', 1)).toBe('/snap?_t=1');
    expect(withCacheBuster('/snap#a', 2)).toBe('/snap?_t=2#a');
  });
});
