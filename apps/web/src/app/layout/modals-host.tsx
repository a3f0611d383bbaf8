import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { markModalsReady } from '../../lib/modals-ready';

/**
 * Mantine's modals provider, loaded by `app-layout.tsx` after the first page, wrapping nothing: it hears
 * `modals.openConfirmModal` (components/confirm.ts) through window events. Its listeners are set in its own
 * effects, which run before this one: confirmations asked for until then wait (lib/modals-ready.ts).
 */
export function ModalsHost() {
  useEffect(markModalsReady, []);
  return <ModalsProvider />;
}
