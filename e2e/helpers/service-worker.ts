import { expect, type Page } from '@playwright/test';

/**
 * How long the service worker may take to become active after the first page: the app registers it only
 * after the page's `load` and the first page, once the browser is idle (at most 5 s later), and it activates
 * once it has precached the app's files (about 220 files, 0.8 MB compressed; apps/web/src/app/start.tsx,
 * decision 036). Alone it was active 0.04–0.07 s after the dashboard showed (three sign-ins); with three
 * runs side by side on a day this machine type ran at half speed it took over 10 s.
 */
const ACTIVE_WITHIN = 30_000;

/** The service worker is active: the shell and the build's files are precached. */
export async function serviceWorkerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null), {
      timeout: ACTIVE_WITHIN,
    })
    .toBe('activated');
}
