import { Card, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListSkeleton } from '../list-skeleton';
import { LoadError } from '../load-error';

/** The search field above a server-paged list. */
export function ListSearch({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      {...props}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * A list's first load as skeleton rows, a failure without data as the error with 'Prøv igjen', else the
 * table (kept on screen, with the old page, while a later page loads or fails).
 */
export function ServerListContent<D>({
  query,
  rows,
  children,
}: {
  query: UseQueryResult<D>;
  rows: number;
  children: ReactNode;
}) {
  if (query.isPending) return <ListSkeleton rows={Math.min(rows, 8)} />;
  if (query.isError && !query.data) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return children;
}

/** A searchable server list in its card: the search field, then the list's skeleton, error or table. */
export function SearchableListCard<D>({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  query,
  rows,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  query: UseQueryResult<D>;
  rows: number;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <ListSearch
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={search}
          onChange={onSearch}
          maw={360}
        />
        <ServerListContent query={query} rows={rows}>
          {children}
        </ServerListContent>
      </Stack>
    </Card>
  );
}
