import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useItemsPerPage } from '../../lib/user-data-query';
import type { ServerTableProps } from './server-data-table';

export interface ServerListParams<C extends string> {
  page: number;
  perPage: number;
  search: string;
  sort: { column: C; direction: 'asc' | 'desc' };
}

/**
 * Page, page size (the user's setting), debounced search and sort of a server-paged table; any change
 * but the page itself goes back to page 1. `toSortColumn` maps the table's sort accessor to the API's
 * sort column; `defaultSort` is the accessor sorted by at first (ascending).
 */
export function useServerList<T, C extends string>({
  defaultSort,
  toSortColumn,
}: {
  defaultSort: string;
  toSortColumn: (accessor: unknown) => C;
}) {
  const [perPage, setPerPageState] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatusState] = useState<DataTableSortStatus<T>>({
    columnAccessor: defaultSort,
    direction: 'asc',
  });

  const params: ServerListParams<C> = {
    page,
    perPage,
    search: debouncedSearch,
    sort: { column: toSortColumn(sortStatus.columnAccessor), direction: sortStatus.direction },
  };

  return {
    params,
    page,
    perPage,
    search,
    searching: debouncedSearch.trim().length > 0,
    sortStatus,
    setPage,
    resetPage: () => setPage(1),
    setSearch: (value: string) => {
      setSearchState(value);
      setPage(1);
    },
    setPerPage: (size: number) => {
      setPerPageState(size);
      setPage(1);
    },
    setSortStatus: (status: DataTableSortStatus<T>) => {
      setSortStatusState(status);
      setPage(1);
    },
  };
}

export type ServerList<T> = ReturnType<typeof useServerList<T, string>>;

/** The paging, sorting and loading props of a server table, from its list state and its query. */
export function serverTableProps<T>(
  list: ServerList<T>,
  query: UseQueryResult<{ data: T[]; count: number }>,
): Omit<ServerTableProps<T>, 'emptyText' | 'onOpen'> {
  return {
    records: query.data?.data ?? [],
    total: query.data?.count ?? 0,
    fetching: query.isFetching,
    page: list.page,
    perPage: list.perPage,
    sortStatus: list.sortStatus,
    onPageChange: list.setPage,
    onPerPageChange: list.setPerPage,
    onSortStatusChange: list.setSortStatus,
  };
}
