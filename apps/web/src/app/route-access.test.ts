import { describe, expect, it } from 'vitest';
import { decideAccess, decideAccessForChain } from './route-access';

const admins = ['superadmin', 'admin'] as const;

describe('decideAccess', () => {
  it('sends a signed-out user on a protected route to /sign-in', () => {
    expect(decideAccess({ status: 'signedOut', role: null, route: {} })).toBe('/sign-in');
    expect(decideAccess({ status: 'signedOut', role: null, route: { roles: admins } })).toBe('/sign-in');
  });

  it('never lets a still-loading session through to a protected route', () => {
    expect(decideAccess({ status: 'loading', role: null, route: {} })).toBe('/sign-in');
  });

  it('keeps a session still waiting for its two-factor code on the sign-in page', () => {
    expect(decideAccess({ status: 'mfaRequired', role: 'user', route: {} })).toBe('/sign-in');
    expect(decideAccess({ status: 'mfaRequired', role: 'user', route: { public: true } })).toBe('allow');
  });

  it('lets a signed-out user open a public route', () => {
    expect(decideAccess({ status: 'signedOut', role: null, route: { public: true } })).toBe('allow');
  });

  it('sends a signed-in user on a public route to /', () => {
    expect(decideAccess({ status: 'signedIn', role: 'user', route: { public: true } })).toBe('/');
  });

  it('lets any signed-in user open a route without a role list', () => {
    expect(decideAccess({ status: 'signedIn', role: 'user', route: {} })).toBe('allow');
  });

  it('checks the role list', () => {
    expect(decideAccess({ status: 'signedIn', role: 'admin', route: { roles: admins } })).toBe('allow');
    expect(decideAccess({ status: 'signedIn', role: 'superadmin', route: { roles: admins } })).toBe('allow');
    expect(decideAccess({ status: 'signedIn', role: 'operator', route: { roles: admins } })).toBe('/');
    expect(decideAccess({ status: 'signedIn', role: null, route: { roles: admins } })).toBe('/');
  });

  it('treats an empty role list as nobody', () => {
    expect(decideAccess({ status: 'signedIn', role: 'superadmin', route: { roles: [] } })).toBe('/');
  });
});

describe('decideAccessForChain', () => {
  it('requires every listed condition on the way to hold', () => {
    const chain = [undefined, {}, { roles: ['superadmin', 'admin', 'operator'] as const }, { roles: admins }];
    expect(decideAccessForChain('signedIn', 'admin', chain)).toBe('allow');
    expect(decideAccessForChain('signedIn', 'operator', chain)).toBe('/');
    expect(decideAccessForChain('signedOut', null, chain)).toBe('/sign-in');
  });

  it('allows routes that say nothing', () => {
    expect(decideAccessForChain('signedOut', null, [undefined])).toBe('allow');
  });
});
