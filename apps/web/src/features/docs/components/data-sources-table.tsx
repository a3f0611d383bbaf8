import { ActionIcon, Anchor, Card, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { DataSource } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import type { useDataSources } from '../api/get-data-sources';
import { formatBytes } from '../format-bytes';

/** Every uploaded file, newest first: open one to read it, or delete it (after a question). */
export function DataSourcesTable({
  query,
  onOpen,
  onDelete,
}: {
  query: ReturnType<typeof useDataSources>;
  onOpen: (source: DataSource) => void;
  onDelete: (source: DataSource) => void;
}) {
  const { t, i18n } = useTranslation();
  if (query.isPending) return <ListSkeleton rows={3} />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const sources = query.data.data;
  return (
    <Card padding={0}>
      {sources.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          {t('docs.data.empty')}
        </Text>
      ) : (
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('docs.data.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('docs.data.columns.title')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('docs.data.columns.size')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('docs.data.columns.uploadedBy')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('docs.data.columns.createdAt')}</Table.Th>
              <Table.Th w={60}>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => (
              <Table.Tr key={source.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onOpen(source)} fw={600} ta="left">
                    {source.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {source.fileName}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {formatBytes(source.byteSize, i18n.language)} ·{' '}
                    {formatDateTime(source.createdAt, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatBytes(source.byteSize, i18n.language)}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {source.uploadedBy?.name ?? t('docs.data.unknownUploader')}
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDateTime(source.createdAt, i18n.language)}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Tooltip label={t('docs.data.delete.label', { name: source.fileName })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(source)}
                        aria-label={t('docs.data.delete.label', { name: source.fileName })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
