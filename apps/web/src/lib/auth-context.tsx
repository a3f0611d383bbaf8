import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { AuthSnapshot, AuthStore } from './auth-store';

const AuthContext = createContext<AuthSnapshot | null>(null);

/** Exposes the current session, user, role and status; re-renders on every session event. */
export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return <AuthContext.Provider value={snapshot}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthSnapshot {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
