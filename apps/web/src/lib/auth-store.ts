import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { ROLES, type Role } from '@vaskedrift/shared';

/**
 * `mfaRequired`: the password was right but the account has a verified second factor and this session
 * has not passed it yet (aal1). The API refuses such a session, so the app treats it as not signed in
 * until the code is given on the sign-in page.
 */
export type AuthStatus = 'loading' | 'signedIn' | 'mfaRequired' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  role: Role | null;
}

type AuthEventListener = (event: AuthChangeEvent, snapshot: AuthSnapshot) => void;

/** What the store needs of GoTrueClient; narrow so tests can pass a fake. */
export interface AuthEventSource {
  onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void): unknown;
}

export interface AuthStore {
  getSnapshot(): AuthSnapshot;
  /** Resolves once the stored session has been restored (or found missing). */
  whenReady(): Promise<AuthSnapshot>;
  /**
   * Resolves, once known, with whether a session was restored from storage (not signed in on this page):
   * for whoever starts listening after that event (the app's code arrives after auth-js, decision 040).
   */
  whenRestored(): Promise<boolean>;
  subscribe(onChange: () => void): () => void;
  onEvent(listener: AuthEventListener): () => void;
}

const LOADING_SNAPSHOT: AuthSnapshot = { status: 'loading', session: null, user: null, role: null };

function roleOf(user: User | null | undefined): Role | null {
  const role: unknown = user?.app_metadata?.role;
  return ROLES.find((known) => known === role) ?? null;
}

/** The `aal` claim of an access token, read without verifying it (the server does that). */
export function assuranceLevelOf(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(
      atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')),
    );
    const aal = (json as { aal?: unknown } | null)?.aal;
    return typeof aal === 'string' ? aal : null;
  } catch {
    return null;
  }
}

/** True when the user has a verified factor and the session has not passed it (as auth-js's nextLevel). */
export function needsSecondFactor(session: Session): boolean {
  const verified = session.user.factors?.some((factor) => factor.status === 'verified') ?? false;
  return verified && assuranceLevelOf(session.access_token) !== 'aal2';
}

function snapshotOf(session: Session | null): AuthSnapshot {
  if (!session) return { status: 'signedOut', session: null, user: null, role: null };
  const status = needsSecondFactor(session) ? 'mfaRequired' : 'signedIn';
  return { status, session, user: session.user, role: roleOf(session.user) };
}

export function createAuthStore(source: AuthEventSource): AuthStore {
  let snapshot = LOADING_SNAPSHOT;
  const changeListeners = new Set<() => void>();
  const eventListeners = new Set<AuthEventListener>();
  let markReady: (value: AuthSnapshot) => void = () => {};
  const ready = new Promise<AuthSnapshot>((resolve) => {
    markReady = resolve;
  });

  // Kept synchronous: auth-js holds its lock while it calls back, so awaiting auth calls here deadlocks.
  source.onAuthStateChange((event, session) => {
    snapshot = snapshotOf(session);
    if (event === 'INITIAL_SESSION') markReady(snapshot);
    for (const listener of changeListeners) listener();
    for (const listener of eventListeners) listener(event, snapshot);
  });

  return {
    getSnapshot: () => snapshot,
    whenReady: () => ready.then(() => snapshot),
    whenRestored: () => ready.then((initial) => initial.status === 'signedIn'),
    subscribe(onChange) {
      changeListeners.add(onChange);
      return () => changeListeners.delete(onChange);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  };
}
