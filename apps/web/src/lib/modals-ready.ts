import { createSignal } from './signal';

/**
 * The modals' provider on screen: it loads after the first page (app/layout/modals-host.tsx, decision 040) and
 * hears `modals.*` through window events, so a confirmation asked for before it is there waits for it here
 * instead of being lost.
 */
const ready = createSignal();

/** Resolves once the modals' provider listens (at once after that). */
export const whenModalsReady = ready.wait;

/** The modals' provider listens now (a second call does nothing). */
export const markModalsReady = ready.mark;
