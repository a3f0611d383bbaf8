import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { type AuthEventSource, assuranceLevelOf, createAuthStore, needsSecondFactor } from './auth-store';

function fakeSource() {
  let emit: (event: AuthChangeEvent, session: Session | null) => void = () => {};
  const source: AuthEventSource = {
    onAuthStateChange(callback) {
      emit = callback;
    },
  };
  return { source, emit: (event: AuthChangeEvent, session: Session | null) => emit(event, session) };
}

const session = (role: unknown) =>
  ({
    access_token: 'a',
    user: { id: 'u1', app_metadata: { role }, user_metadata: {} },
  }) as unknown as Session;

describe('createAuthStore', () => {
  it('is loading until the stored session has been restored', async () => {
    const { source, emit } = fakeSource();
    const store = createAuthStore(source);
    expect(store.getSnapshot().status).toBe('loading');
    const ready = store.whenReady();
    emit('INITIAL_SESSION', session('admin'));
    await expect(ready).resolves.toMatchObject({ status: 'signedIn', role: 'admin' });
  });

  it('follows later events and tells listeners which one happened', async () => {
    const { source, emit } = fakeSource();
    const store = createAuthStore(source);
    const events: string[] = [];
    store.onEvent((event, snapshot) => events.push(`${event}:${snapshot.status}`));
    emit('INITIAL_SESSION', null);
    emit('SIGNED_IN', session('operator'));
    expect(store.getSnapshot().role).toBe('operator');
    emit('SIGNED_OUT', null);
    expect(events).toEqual(['INITIAL_SESSION:signedOut', 'SIGNED_IN:signedIn', 'SIGNED_OUT:signedOut']);
    await expect(store.whenReady()).resolves.toMatchObject({ status: 'signedOut', user: null });
  });

  it('tells one who asks after the events whether the session was restored or signed in on the page', async () => {
    const restored = fakeSource();
    const restoredStore = createAuthStore(restored.source);
    restored.emit('INITIAL_SESSION', session('admin'));
    await expect(restoredStore.whenRestored()).resolves.toBe(true);

    const fresh = fakeSource();
    const freshStore = createAuthStore(fresh.source);
    fresh.emit('INITIAL_SESSION', null);
    fresh.emit('SIGNED_IN', session('operator'));
    await expect(freshStore.whenRestored()).resolves.toBe(false);
  });

  it('gives no role for an unknown one', () => {
    const { source, emit } = fakeSource();
    const store = createAuthStore(source);
    emit('INITIAL_SESSION', session('root'));
    expect(store.getSnapshot()).toMatchObject({ status: 'signedIn', role: null });
  });
});

const token = (payload: object) =>
  ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

const mfaSession = (aal: string, factorStatus: 'verified' | 'unverified') =>
  ({
    access_token: token({ aal, sub: 'u1' }),
    user: {
      id: 'u1',
      app_metadata: { role: 'user' },
      user_metadata: {},
      factors: [{ id: 'f1', factor_type: 'totp', status: factorStatus }],
    },
  }) as unknown as Session;

describe('two-factor sign-in', () => {
  it('reads the aal claim of an access token', () => {
    expect(assuranceLevelOf(token({ aal: 'aal2' }))).toBe('aal2');
    expect(assuranceLevelOf('not-a-token')).toBeNull();
    expect(assuranceLevelOf(token({}))).toBeNull();
  });

  it('holds a password-only session of a two-factor user at mfaRequired until the code is given', () => {
    const { source, emit } = fakeSource();
    const store = createAuthStore(source);
    emit('SIGNED_IN', mfaSession('aal1', 'verified'));
    expect(store.getSnapshot().status).toBe('mfaRequired');
    emit('MFA_CHALLENGE_VERIFIED', mfaSession('aal2', 'verified'));
    expect(store.getSnapshot().status).toBe('signedIn');
  });

  it('does not ask for a code for a factor that was never verified', () => {
    expect(needsSecondFactor(mfaSession('aal1', 'unverified'))).toBe(false);
  });
});
