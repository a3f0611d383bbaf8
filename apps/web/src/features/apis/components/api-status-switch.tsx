import { Switch } from '@mantine/core';
import { type Api, apiStatusMessage } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateApi } from '../api/update-api';

/** Turns an API's checks on or off at once; the toast is the server's ':apiEndpoint er :status'. */
export function ApiStatusSwitch({ api, withLabel = false }: { api: Api; withLabel?: boolean }) {
  const { t } = useTranslation();
  const updateApi = useUpdateApi();
  const enabled = updateApi.isPending ? updateApi.variables?.status === 'enabled' : api.status === 'enabled';
  return (
    <Switch
      checked={enabled}
      disabled={updateApi.isPending}
      aria-label={t('apis.statusToggle', { name: api.name })}
      label={withLabel ? t(enabled ? 'apis.statusEnabled' : 'apis.statusDisabled') : undefined}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const status = event.currentTarget.checked ? 'enabled' : 'disabled';
        void updateApi.mutateAsync({ id: api.id, status }).then(
          ({ data, message }) => notifySuccess(message ?? apiStatusMessage(data.name, data.status)),
          (error: Error) => notifyError(apiErrorMessage(error, t)),
        );
      }}
    />
  );
}
