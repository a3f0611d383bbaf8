import { ActionIcon, Button, Card, Group, Text } from '@mantine/core';
import { IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Camera } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { CameraSnapshot } from './camera-snapshot';

/** One camera: its latest picture, its name, the stream page (new tab) and, for admins, edit and delete. */
export function CameraCard({
  camera,
  canManage,
  onEdit,
  onDelete,
}: {
  camera: Camera;
  canManage: boolean;
  onEdit: (camera: Camera) => void;
  onDelete: (camera: Camera) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card padding={0} component="article" aria-label={camera.name}>
      <CameraSnapshot url={camera.snapshotProxyUrl} name={camera.name} />
      <Group justify="space-between" gap="xs" p="sm" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {camera.name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {camera.streamUrl && (
            <Button
              component="a"
              href={camera.streamUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              rightSection={<IconExternalLink size={14} aria-hidden />}
            >
              {t('cameras.openStream')}
            </Button>
          )}
          {canManage && (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => onEdit(camera)}
                aria-label={t('cameras.edit.action', { name: camera.name })}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onDelete(camera)}
                aria-label={t('cameras.delete.label', { name: camera.name })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
    </Card>
  );
}
