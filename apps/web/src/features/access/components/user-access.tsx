import { ActionIcon, Alert, Card, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { ACCESS_MESSAGES, type GrantedLocation } from '@vaskedrift/shared';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useDataTableTexts } from '../../../components/use-data-table-texts';
import { formatDateTime } from '../../../lib/format';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { useDeleteUserAccess } from '../api/delete-user-access';
import { useUserAccess } from '../api/get-user-access';
import { GrantAccessForm } from './grant-access-form';

/** Which facilities an operator or user sees (admins see them all): the access tab of a user's page. */
export function UserAccess({ userId, userName }: { userId: string; userName: string }) {
  const { t, i18n } = useTranslation();
  const access = useUserAccess(userId);
  const revoke = useDeleteUserAccess();
  const texts = useDataTableTexts(t('access.empty'));
  const itemsPerPage = useItemsPerPage();
  const [page, setPage] = useState(1);

  if (access.isPending) return <ListSkeleton rows={3} />;
  if (access.isError) {
    return <LoadError error={access.error} onRetry={() => access.refetch()} retrying={access.isFetching} />;
  }

  if (access.data.isAdmin) {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconShieldCheck aria-hidden />}
        title={ACCESS_MESSAGES.isAdmin}
      >
        {t('access.isAdminText')}
      </Alert>
    );
  }

  // Grants are few; they come in one answer and are paged here at the user's page size.
  const pages = Math.max(1, Math.ceil(access.data.locations.length / itemsPerPage));
  const currentPage = Math.min(page, pages);

  const askRevoke = (location: GrantedLocation) =>
    confirmMutation({
      title: t('access.remove.title'),
      message: t('access.remove.confirm', { location: location.name, user: userName }),
      confirmLabel: t('access.remove.confirmButton'),
      success: t('access.remove.success', { location: location.name }),
      mutation: revoke,
      variables: { userId, locationId: location.locationId },
    });

  return (
    <Card padding="xl">
      <Stack gap="lg">
        <div>
          <Title order={3} fz="md" mb={4}>
            {t('access.granted')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('access.grantedText')}
          </Text>
        </div>
        <GrantAccessForm
          userId={userId}
          userName={userName}
          grantedIds={new Set(access.data.locations.map((location) => location.locationId))}
        />
        <DataTable<GrantedLocation>
          {...texts.empty}
          {...texts.pagination}
          minHeight={access.data.locations.length === 0 ? 160 : undefined}
          records={access.data.locations.slice((currentPage - 1) * itemsPerPage, currentPage * itemsPerPage)}
          totalRecords={access.data.locations.length}
          page={currentPage}
          onPageChange={setPage}
          recordsPerPage={itemsPerPage}
          idAccessor="locationId"
          fetching={access.isFetching && !access.isPending}
          columns={[
            {
              accessor: 'name',
              title: t('access.columns.name'),
              render: (row) => (
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
              ),
            },
            { accessor: 'address', title: t('access.columns.address') },
            {
              accessor: 'city',
              title: t('access.columns.city'),
              render: (row) => `${row.postalCode} ${row.city}`,
            },
            {
              accessor: 'grantedAt',
              title: t('access.columns.grantedAt'),
              render: (row) => formatDateTime(row.grantedAt, i18n.language),
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
              textAlign: 'right',
              render: (row) => (
                <Tooltip label={t('access.remove.label', { location: row.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('access.remove.label', { location: row.name })}
                    onClick={() => askRevoke(row)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
