import { apiRequest } from '../api-client';
import { pushOnThisDevice, thisDevice } from './push-browser';

/** Signing out waits at most this long for the device to be removed; it never hangs on a bad network. */
const FORGET_TIMEOUT_MS = 3000;

/**
 * Signing out ends push on this device (docs/decisions/036-installable-app.md): the server's row is removed
 * while the session still holds, and the browser's subscription too, so whoever signs in here next gets
 * none of the last user's notifications. Answers at once when this device has no push.
 */
export async function forgetThisDevice(): Promise<void> {
  const id = thisDevice.get();
  if (!id) return;
  thisDevice.set(null);
  pushOnThisDevice.set(false);
  const forget = Promise.allSettled([
    apiRequest('DELETE', 'backend/users/push/devices/delete', { id }),
    navigator.serviceWorker
      ?.getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription?.unsubscribe()),
  ]);
  await Promise.race([forget, new Promise((resolve) => setTimeout(resolve, FORGET_TIMEOUT_MS))]);
}
