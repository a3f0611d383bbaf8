import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { UpdateApiInput } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
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

  const remove = () =>
    confirmAction({
      title: t('apis.delete.title'),
      message: t('apis.delete.message', { name: current.name }),
      confirmLabel: t('apis.delete.confirm'),
      onConfirm: () =>
        deleteApi.mutate(current.id, {
          onSuccess: () => {
            notifySuccess(t('apis.delete.success', { name: current.name }));
            void navigate({ to: '/integrations/apis' });
          },
          onError: (error) => notifyError(apiErrorMessage(error, t)),
        }),
    });

  return (
    <Stack gap="lg">
      <ApiForm
        // A fresh form after saving: a secret just typed in shows 'Lagret' like any stored one.
        key={savedCount}
        api={current}
        submitLabel={t('common.save')}
        submitting={updateApi.isPending}
        onSubmit={(draft, setErrors) =>
          updateApi.mutate({ ...draft, id: current.id } as UpdateApiInput, {
            onSuccess: ({ data, message }) => {
              notifySuccess(message ?? t('apis.edit.success', { name: data.name }));
              setSavedCount((count) => count + 1);
            },
            onError: (error) => {
              if (!setErrors(error)) notifyError(apiErrorMessage(error, t));
            },
          })
        }
      />
      <Card padding="lg" withBorder style={{ borderColor: 'var(--mantine-color-red-light-color)' }}>
        <Group justify="space-between" gap="md">
          <Stack gap={2}>
            <Title order={3} fz="md">
              {t('apis.delete.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('apis.delete.hint')}
            </Text>
          </Stack>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={remove}
            loading={deleteApi.isPending}
          >
            {t('apis.delete.button')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
