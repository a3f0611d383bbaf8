import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Location } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteLocation } from '../api/delete-location';

/** 'Slett anlegg', asked first: the facility and its bays disappear everywhere (restorable in the database). */
export function DeleteLocationCard({ location }: { location: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteLocation = useDeleteLocation();

  const ask = () =>
    confirmAction({
      title: t('locations.delete.title'),
      message: t('locations.delete.confirm', { name: location.name }),
      confirmLabel: t('locations.delete.confirmLabel'),
      onConfirm: () =>
        deleteLocation.mutate(location.id, {
          onSuccess: () => {
            notifySuccess(t('locations.delete.success', { name: location.name }));
            void navigate({ to: '/locations' });
          },
          onError: (error) => notifyError(apiErrorMessage(error, t)),
        }),
    });

  return (
    <Card padding="lg" style={{ borderColor: 'var(--mantine-color-red-outline)' }}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            {t('locations.delete.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('locations.delete.text')}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={deleteLocation.isPending}
          onClick={ask}
        >
          {t('locations.delete.button')}
        </Button>
      </Group>
    </Card>
  );
}
