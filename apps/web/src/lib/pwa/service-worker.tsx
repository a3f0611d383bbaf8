import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

const UPDATE_NOTICE = 'service-worker-update';
let accepted = false;

/** 'En ny versjon er klar' with 'Oppdater': the new worker takes over, then the page reloads on it. */
function offerUpdate(worker: ServiceWorker): void {
  notifications.show({
    id: UPDATE_NOTICE,
    title: i18n.t('app.update.title'),
    message: (
      <Button
        size="xs"
        mt="xs"
        onClick={() => {
          accepted = true;
          worker.postMessage('SKIP_WAITING');
        }}
      >
        {i18n.t('app.update.button')}
      </Button>
    ),
    autoClose: false,
    withCloseButton: true,
  });
}

/**
 * Registers `/sw.js` (docs/decisions/036-installable-app.md) and offers each new version as it is installed:
 * the page never changes under the user, and reloads only on their tap. A new version is looked for when
 * the tab comes back to the front.
 */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  if (registration.waiting && container.controller) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // Without a controller this is the first install: nothing older to replace.
      if (installing.state === 'installed' && container.controller) offerUpdate(installing);
    });
  });
  container.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => {});
  });
}
