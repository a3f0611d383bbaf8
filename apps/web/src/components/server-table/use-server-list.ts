import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useItemsPerPage } from '../../lib/user-data-query';
import type { ServerTableProps } from './server-data-table';

interface ServerListParams<C extends string> {
  page: number;
  perPage: number;
  search: string;
  sort: { column: C; direction: 'asc' | 'desc' };
}

/** Page and page size (the user's setting) of a server-paged table; a new page size goes back to page 1. */
export function useServerPaging() {
  const [perPage, setPerPageState] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  return {
    page,
    perPage,
    setPage,
    resetPage: () => setPage(1),
    setPerPage: (size: number) => {
      setPerPageState(size);
      setPage(1);
    },
  };
}

export type ServerPaging = ReturnType<typeof useServerPaging>;

/** `useServerPaging` with a debounced search; a new search goes back to page 1. */
export function useServerSearch() {
  const paging = useServerPaging();
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  return {
    ...paging,
    search,
    debouncedSearch,
    searching: debouncedSearch.trim().length > 0,
    setSearch: (value: string) => {
      setSearchState(value);
      paging.resetPage();
    },
  };
}

/**
 * `useServerSearch` with sort; any change but the page itself goes back to page 1. `toSortColumn` maps
 * the table's sort accessor to the API's sort column; `defaultSort` is the accessor sorted by at first
 * (ascending).
 */
export function useServerList<T, C extends string>({
  defaultSort,
  toSortColumn,
}: {
  defaultSort: string;
  toSortColumn: (accessor: unknown) => C;
}) {
  const { debouncedSearch, ...searched } = useServerSearch();
  const [sortStatus, setSortStatusState] = useState<DataTableSortStatus<T>>({
    columnAccessor: defaultSort,
    direction: 'asc',
  });

  const params: ServerListParams<C> = {
    page: searched.page,
    perPage: searched.perPage,
    search: debouncedSearch,
    sort: { column: toSortColumn(sortStatus.columnAccessor), direction: sortStatus.direction },
  };

  return {
    ...searched,
    params,
    sortStatus,
    setSortStatus: (status: DataTableSortStatus<T>) => {
      setSortStatusState(status);
      searched.resetPage();
    },
  };
}

export type ServerList<T> = ReturnType<typeof useServerList<T, string>>;

/** The paging, sorting (for a sortable list) and loading props of a server table, from its state and query. */
export function serverTableProps<T>(
  list: ServerPaging | ServerList<T>,
  query: UseQueryResult<{ data: T[]; count: number }>,
): Omit<ServerTableProps<T>, 'emptyText' | 'onOpen'> {
  const sorting =
    'sortStatus' in list ? { sortStatus: list.sortStatus, onSortStatusChange: list.setSortStatus } : {};
  return {
    ...sorting,
    records: query.data?.data ?? [],
    total: query.data?.count ?? 0,
    // Dimmed only while the rows shown are another page's or search's; a refresh of the same rows (after a
    // change, a live event) does not dim the list each time.
    fetching: query.isFetching && query.isPlaceholderData,
    page: list.page,
    perPage: list.perPage,
    onPageChange: list.setPage,
    onPerPageChange: list.setPerPage,
  };
}
