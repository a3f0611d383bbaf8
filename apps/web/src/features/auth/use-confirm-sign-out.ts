import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { auth } from '../../lib/gotrue-client';

/** Asks before signing out; the SIGNED_OUT event then empties the cache and shows the sign-in page. */
export function useConfirmSignOut(): () => void {
  const { t } = useTranslation();
  return () =>
    confirmAction({
      title: t('auth.signOut.title'),
      message: t('auth.signOut.confirm'),
      confirmLabel: t('auth.signOut.confirmButton'),
      onConfirm: () => {
        void auth.signOut({ scope: 'local' });
      },
    });
}
