import { Anchor, Card, Stack, Text } from '@mantine/core';
import type { DataSource } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import type { useDataSourceSearch } from '../api/search-data-sources';
import { Excerpt } from './excerpt';

/** The hits of a search, best first, each with its excerpt and the matched words marked. */
export function SearchResults({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useDataSourceSearch>;
  onOpen: (source: DataSource) => void;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ListSkeleton rows={2} height={56} />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const hits = query.data.data;
  if (hits.length === 0)
    return (
      <Text c="dimmed" ta="center" p="md">
        {t('docs.data.search.empty')}
      </Text>
    );
  return (
    <Stack gap="sm" aria-label={t('docs.data.search.results')} component="section">
      <Text size="sm" c="dimmed">
        {t('docs.data.search.count', { count: query.data.count })}
      </Text>
      {hits.map((hit) => (
        <Card key={hit.id} padding="md" withBorder component="article" aria-label={hit.title}>
          <Anchor component="button" type="button" onClick={() => onOpen(hit)} fw={600} ta="left">
            {hit.title}
          </Anchor>
          <Text size="xs" c="dimmed" mb={4}>
            {hit.fileName}
          </Text>
          <Excerpt segments={hit.excerpt} />
        </Card>
      ))}
    </Stack>
  );
}
