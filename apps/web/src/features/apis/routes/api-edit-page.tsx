import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { UpdateApiInput } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DangerZoneCard } from '../../../components/danger-zone-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteApi } from '../api/delete-api';
import { useUpdateApi } from '../api/update-api';
import { ApiForm } from '../components/api-form';
import { useRouteApi } from '../use-route-api';

/** /integrations/apis/{apiId}/edit: the form with 'Test tilkobling', and deleting the API. */
export function ApiEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api } = useRouteApi();
  const updateApi = useUpdateApi();
  const deleteApi = useDeleteApi();
  const [savedCount, setSavedCount] = useState(0);
  if (!api.data) return null;
  const current = api.data;

  return (
    <Stack gap="lg">
      <ApiForm
        // A fresh form after saving: a secret just typed in shows 'Lagret' like any stored one.
        key={savedCount}
        api={current}
        submitLabel={t('common.save')}
        submitting={updateApi.isPending}
        onSubmit={(draft, setErrors) =>
          void updateApi.mutateAsync({ ...draft, id: current.id } as UpdateApiInput).then(
            ({ data, message }) => {
              notifySuccess(message ?? t('apis.edit.success', { name: data.name }));
              setSavedCount((count) => count + 1);
            },
            (error: Error) => {
              if (!setErrors(error)) notifyError(apiErrorMessage(error, t));
            },
          )
        }
      />
      <DangerZoneCard
        texts="apis.delete"
        name={current.name}
        mutation={deleteApi}
        variables={current.id}
        onDeleted={() => void navigate({ to: '/integrations/apis' })}
      />
    </Stack>
  );
}
