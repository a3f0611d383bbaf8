import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { i18n } from '../lib/i18n';

/** Asks before anything destructive; `onConfirm` runs only when the user confirms. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  onConfirm,
  danger = true,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
}): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: createElement('p', { style: { margin: 0 } }, message),
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
  });
}
