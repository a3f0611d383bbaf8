import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useDataSource } from '../api/get-data-source';
import { Markdown } from './markdown';

/** One uploaded file, read in a drawer: its Markdown rendered safely (components/markdown.tsx). */
export function DataSourceReader({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const source = useDataSource(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={source.data?.title ?? t('docs.data.reader.title')}
      closeButtonProps={{ 'aria-label': t('docs.data.reader.close') }}
    >
      {source.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('app.loading')}>
          <Skeleton height={24} width="50%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : source.isError ? (
        <LoadError error={source.error} onRetry={() => source.refetch()} retrying={source.isFetching} />
      ) : (
        <Stack gap="md">
          <Text size="xs" c="dimmed">
            {source.data.fileName}
          </Text>
          <Markdown data-testid="data-source-body">{source.data.body}</Markdown>
        </Stack>
      )}
    </Drawer>
  );
}
