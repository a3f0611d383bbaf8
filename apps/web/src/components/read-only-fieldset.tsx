import type { ReactNode } from 'react';
import { useReadOnly } from '../lib/offline/offline-state';

const PLAIN = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * Its buttons and fields are disabled while the app is offline (lib/offline): what it shows is a kept
 * copy, read-only, and nothing sent could arrive.
 */
export function ReadOnlyWhileOffline({ children }: { children: ReactNode }) {
  const readOnly = useReadOnly();
  return (
    <fieldset disabled={readOnly} style={PLAIN} data-read-only={readOnly || undefined}>
      {children}
    </fieldset>
  );
}
