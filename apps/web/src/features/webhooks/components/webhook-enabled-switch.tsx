import { Switch } from '@mantine/core';
import type { Webhook } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateWebhook } from '../api/update-webhook';

/** Turns a webhook's deliveries on or off at once (turning it on again clears an automatic disabling). */
export function WebhookEnabledSwitch({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const updateWebhook = useUpdateWebhook();
  const enabled = updateWebhook.isPending ? updateWebhook.variables?.enabled === true : webhook.enabled;
  return (
    <Switch
      checked={enabled}
      disabled={updateWebhook.isPending}
      aria-label={t('webhooks.enabledToggle', { name: webhook.name })}
      onChange={(event) =>
        void updateWebhook.mutateAsync({ id: webhook.id, enabled: event.currentTarget.checked }).then(
          (saved) =>
            notifySuccess(t(saved.enabled ? 'webhooks.enabled' : 'webhooks.disabled', { name: saved.name })),
          (error: Error) => notifyError(apiErrorMessage(error, t)),
        )
      }
    />
  );
}
