import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { auth } from '../../lib/gotrue-client';
import { forgetThisDevice } from '../../lib/push/forget-this-device';

/**
 * Asks before signing out; push on this device ends first (lib/push), then the SIGNED_OUT event empties the
 * cache and shows the sign-in page.
 */
export function useConfirmSignOut(): () => void {
  const { t } = useTranslation();
  return () =>
    confirmAction({
      title: t('auth.signOut.title'),
      message: t('auth.signOut.confirm'),
      confirmLabel: t('auth.signOut.confirmButton'),
      onConfirm: () => {
        void forgetThisDevice().finally(() => auth.signOut({ scope: 'local' }));
      },
    });
}
