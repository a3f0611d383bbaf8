import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { canManageLocations, type Link } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useDeleteLink } from '../api/delete-link';
import { useBayLinks } from '../api/get-links';
import { useReorderLinks } from '../api/reorder-links';
import { LinkFormModal } from '../components/link-form-modal';
import { SortableLinkList } from '../components/sortable-link-list';

const bayLinksRoute = getRouteApi('/app/locations/$locationId/bays/$bayId/links');

/** The link being edited, 'new' for 'Ny lenke', or null with the modal closed. */
type Editing = Link | 'new' | null;

/** /locations/{locationId}/bays/{bayId}/links: the bay's links, in an order admins set by dragging. */
export function BayLinksPage() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const canManage = role != null && canManageLocations(role);
  const { bayId } = bayLinksRoute.useParams();
  const links = useBayLinks(bayId);
  const { reorder } = useReorderLinks();
  const deleteLink = useDeleteLink();
  const [editing, setEditing] = useState<Editing>(null);

  const saveOrder = (ids: string[]) =>
    reorder(bayId, ids, {
      onSuccess: () => notifySuccess(t('links.reorder.success')),
      onError: (error) => notifyError(apiErrorMessage(error, t), t('links.reorder.error')),
    });

  const askDelete = (link: Link) =>
    confirmMutation({
      title: t('links.delete.title'),
      message: t('links.delete.confirm', { title: link.title }),
      confirmLabel: t('links.delete.confirmButton'),
      success: t('links.delete.success', { title: link.title }),
      mutation: deleteLink,
      variables: { id: link.id, bayId },
    });

  return (
    <Card padding="lg" maw={860}>
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={3} fz="md">
              {t('links.title')}
            </Title>
            {canManage && (
              <Text size="sm" c="dimmed">
                {t('links.reorderHint')}
              </Text>
            )}
          </Stack>
          {canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('links.new')}
            </Button>
          )}
        </Group>
        {links.isPending ? (
          <ListSkeleton rows={3} height={52} />
        ) : links.isError ? (
          <LoadError error={links.error} onRetry={() => links.refetch()} retrying={links.isFetching} />
        ) : links.data.length === 0 ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {t('links.empty')}
          </Text>
        ) : (
          <SortableLinkList
            links={links.data}
            canManage={canManage}
            onReorder={saveOrder}
            onEdit={setEditing}
            onDelete={askDelete}
          />
        )}
      </Stack>
      {editing !== null && (
        <LinkFormModal
          bayId={bayId}
          link={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
