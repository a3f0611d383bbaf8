import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { StatisticsSkeleton } from './statistics-skeleton';
import { StatisticsToolbar } from './statistics-toolbar';

/**
 * A statistics page's frame: the skeleton while the first figures load, the error with retry, then the
 * range picker with the period the server answered for and the page's sections.
 */
export function StatisticsContent<T extends { from: string; to: string }>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <StatisticsSkeleton />;
  if (!query.data) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <Stack gap="lg">
      <StatisticsToolbar period={query.data} />
      {children(query.data)}
    </Stack>
  );
}
