import { type ComponentType, lazy } from 'react';
import { createSignal } from './signal';
import { whenIdle } from './when-idle';

/**
 * The first page after the app starts, drawn: until then what it does not need to draw (menus, tooltips, the
 * modals' provider, toasts, the live channel) is neither fetched nor evaluated, so that on a phone's slow link
 * and CPU the first page's own reads and rendering come first (decision 040). The dashboard says so once its
 * tiles are on screen; for any other first page `app/start.tsx` calls `markFirstPageSoon` once its router has
 * resolved, and marks it after 5 s in any case.
 */
const drawn = createSignal();

/** Resolves once the first page is drawn (at once after that). */
export const whenFirstPageDrawn = drawn.wait;

/** The first page is on screen (a second call does nothing). */
export const markFirstPageDrawn = drawn.mark;

/**
 * The first page is committed: marked drawn once the browser has painted it (after its next frame), so that
 * what waits for it neither delays that frame nor is fetched before it on a slow CPU.
 */
export function markFirstPageAfterPaint(): void {
  requestAnimationFrame(() => setTimeout(markFirstPageDrawn, 0));
}

/**
 * For a first page that does not say when it is drawn: marked once the browser has nothing else to do, at the
 * latest after `timeout` ms.
 */
export function markFirstPageSoon(timeout = 3000): void {
  whenIdle(markFirstPageDrawn, timeout);
}

/** `React.lazy` of a named export whose loading starts only once the first page is drawn. */
export function lazyAfterFirstPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(() =>
    drawn
      .wait()
      .then(load)
      .then((component) => ({ default: component })),
  );
}
