import { notifications } from '@mantine/notifications';

/** A green toast for a change that was saved. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: 4000 });
}

/** A red toast for a change that was refused or failed; stays a little longer so it can be read. */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 7000 });
}
