import { canAcknowledgeAlerts } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { notifyError, notifySuccess } from '../../lib/notify';
import { apiErrorMessage } from '../../lib/use-api-error-message';
import { useAcknowledgeAlert } from './api/acknowledge-alert';

/** 'Jeg ser på det' from the dashboard: whether the user may (operators and up), and the action with its toasts. */
export function useAcknowledge() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const mutation = useAcknowledgeAlert();
  return {
    allowed: role != null && canAcknowledgeAlerts(role),
    pendingId: mutation.isPending ? (mutation.variables ?? null) : null,
    run: (id: string) =>
      void mutation.mutateAsync(id).then(
        ({ message }) => notifySuccess(message),
        (error: Error) => notifyError(apiErrorMessage(error, t)),
      ),
  };
}
