import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type Camera, canManageLocations } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { useDeleteCamera } from '../api/delete-camera';
import { useLocationCameras } from '../api/get-cameras';
import { CameraCard } from '../components/camera-card';
import { CameraFormModal } from '../components/camera-form-modal';

const locationRoute = getRouteApi('/app/locations/$locationId');

/** The camera being edited, 'new' for 'Nytt kamera', or null with the modal closed. */
type Editing = Camera | 'new' | null;

/** /locations/{locationId}/cameras: the facility's cameras as live snapshots. */
export function LocationCamerasPage() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const { locationId } = locationRoute.useParams();
  const cameras = useLocationCameras(locationId);
  const deleteCamera = useDeleteCamera();
  const [editing, setEditing] = useState<Editing>(null);

  const askDelete = (camera: Camera) =>
    confirmMutation({
      title: t('cameras.delete.title'),
      message: t('cameras.delete.confirm', { name: camera.name }),
      confirmLabel: t('cameras.delete.confirmButton'),
      success: t('cameras.delete.success', { name: camera.name }),
      mutation: deleteCamera,
      variables: { id: camera.id, locationId },
    });

  const addButton = canManage && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      {t('cameras.new')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={3} fz="md">
            {t('cameras.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('cameras.subtitle')}
          </Text>
        </Stack>
        {addButton}
      </Group>
      {cameras.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={220} radius="lg" />
          ))}
        </SimpleGrid>
      ) : cameras.isError && !cameras.data ? (
        <LoadError error={cameras.error} onRetry={() => cameras.refetch()} retrying={cameras.isFetching} />
      ) : cameras.data.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            py={32}
            variant="light"
            icon={<IconCamera size={28} stroke={1.6} aria-hidden />}
            title={t('cameras.empty')}
            description={canManage ? t('cameras.emptyHintAdmin') : t('cameras.emptyHint')}
          />
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {cameras.data.map((camera) => (
            <CameraCard
              key={camera.id}
              camera={camera}
              canManage={canManage}
              onEdit={setEditing}
              onDelete={askDelete}
            />
          ))}
        </SimpleGrid>
      )}
      {editing !== null && (
        <CameraFormModal
          locationId={locationId}
          camera={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
