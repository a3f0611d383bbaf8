import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { pageSizeOptions, useDataTableTexts } from '../use-data-table-texts';

/** What a page hands a server-paged table: one page of records, the paging and sort state, the handlers. */
export interface ServerTableProps<T> {
  records: T[];
  total: number;
  fetching: boolean;
  page: number;
  perPage: number;
  sortStatus: DataTableSortStatus<T>;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortStatusChange: (status: DataTableSortStatus<T>) => void;
  onOpen: (record: T) => void;
}

/**
 * mantine-datatable's DataTable with what every server-paged list shares: Norwegian texts, the page-size
 * picker, sorting, clickable rows. The feature supplies the columns.
 */
export function ServerDataTable<T>({
  records,
  total,
  fetching,
  page,
  perPage,
  sortStatus,
  emptyText,
  onPageChange,
  onPerPageChange,
  onSortStatusChange,
  onOpen,
  columns,
  'aria-label': ariaLabel,
}: ServerTableProps<T> & { columns: DataTableColumn<T>[]; 'aria-label'?: string }) {
  const texts = useDataTableTexts(emptyText);
  return (
    <DataTable<T>
      {...texts.empty}
      {...texts.pagination}
      recordsPerPageLabel={texts.recordsPerPageLabel}
      aria-label={ariaLabel}
      minHeight={records.length === 0 ? 180 : undefined}
      highlightOnHover
      verticalSpacing="sm"
      records={records}
      fetching={fetching}
      totalRecords={total}
      page={page}
      onPageChange={onPageChange}
      recordsPerPage={perPage}
      recordsPerPageOptions={pageSizeOptions(perPage)}
      onRecordsPerPageChange={onPerPageChange}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      onRowClick={({ record }) => onOpen(record)}
      rowStyle={() => ({ cursor: 'pointer' })}
      columns={columns}
    />
  );
}
