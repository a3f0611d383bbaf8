import { useDebouncedValue } from '@mantine/hooks';
import type { Bay } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useItemsPerPage } from '../../../lib/user-data-query';
import type { BaySortColumn, BaysListParams } from '../api/get-bays';
import { toBaySortColumn } from './bays-table';

/**
 * Page, page size (the user's setting), debounced search and sort of a bays table; any change but the
 * page itself goes back to page 1.
 */
export function useBaysTableState(defaultSort: BaySortColumn) {
  const [perPage, setPerPageState] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [search, setSearchState] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatusState] = useState<DataTableSortStatus<Bay>>({
    columnAccessor: defaultSort,
    direction: 'asc',
  });

  const params: Omit<BaysListParams, 'filters'> = {
    page,
    perPage,
    search: debouncedSearch,
    sort: {
      column: toBaySortColumn(sortStatus.columnAccessor, defaultSort),
      direction: sortStatus.direction,
    },
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
    setSortStatus: (status: DataTableSortStatus<Bay>) => {
      setSortStatusState(status);
      setPage(1);
    },
  };
}
