import { modals } from '@mantine/modals';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '../../lib/auth-client';

/** Asks before signing out; the SIGNED_OUT event then empties the cache and shows the sign-in page. */
export function useConfirmSignOut(): () => void {
  const { t } = useTranslation();
  return () =>
    modals.openConfirmModal({
      title: t('auth.signOut.title'),
      centered: true,
      children: createElement('p', { style: { margin: 0 } }, t('auth.signOut.confirm')),
      labels: { confirm: t('auth.signOut.confirmLabel'), cancel: t('auth.signOut.cancelLabel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void auth.signOut({ scope: 'local' });
      },
    });
}
