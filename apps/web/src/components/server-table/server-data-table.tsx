import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { pageSizeOptions, useDataTableTexts, useSortStateLabels } from '../use-data-table-texts';
import classes from './server-data-table.module.css';

/**
 * What a page hands a server-paged table: one page of records, the paging (and, for a sortable list, the
 * sort) state, the handlers; `onOpen` makes the rows clickable.
 */
export interface ServerTableProps<T> {
  records: T[];
  total: number;
  fetching: boolean;
  page: number;
  perPage: number;
  sortStatus?: DataTableSortStatus<T>;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  onOpen?: (record: T) => void;
}

/** The first page of a server list on its own, without paging (e.g. an API's last checks on its overview). */
export type ServerTablePreviewProps<T> = Pick<
  ServerTableProps<T>,
  'records' | 'fetching' | 'emptyText' | 'onOpen'
>;

/**
 * mantine-datatable's DataTable with what every server list shares: Norwegian texts, the page-size picker,
 * sorting, clickable rows. The feature supplies the columns (and, if it needs them, attributes per row).
 */
export function ServerDataTable<T>({
  columns,
  'aria-label': ariaLabel,
  rowAttributes,
  pinLastColumn,
  ...props
}: (ServerTableProps<T> | ServerTablePreviewProps<T>) & {
  columns: DataTableColumn<T>[];
  'aria-label'?: string;
  rowAttributes?: (record: T) => Record<string, string>;
  /** Keeps the last column (a row menu) in view while a wide table scrolls sideways. */
  pinLastColumn?: boolean;
}) {
  const texts = useDataTableTexts(props.emptyText);
  const tableRef = useSortStateLabels();
  const { records, fetching, onOpen } = props;
  const paging =
    'page' in props
      ? {
          ...texts.pagination,
          recordsPerPageLabel: texts.recordsPerPageLabel,
          totalRecords: props.total,
          page: props.page,
          onPageChange: props.onPageChange,
          recordsPerPage: props.perPage,
          recordsPerPageOptions: pageSizeOptions(props.perPage),
          onRecordsPerPageChange: props.onPerPageChange,
          sortStatus: props.sortStatus,
          onSortStatusChange: props.onSortStatusChange,
        }
      : {};
  return (
    <DataTable<T>
      {...texts.empty}
      {...paging}
      aria-label={ariaLabel}
      className={classes.table}
      tableRef={tableRef}
      minHeight={records.length === 0 ? 180 : undefined}
      highlightOnHover={onOpen != null}
      verticalSpacing="sm"
      records={records}
      fetching={fetching}
      onRowClick={onOpen && (({ record }) => onOpen(record))}
      rowStyle={onOpen && (() => ({ cursor: 'pointer' }))}
      customRowAttributes={rowAttributes}
      pinLastColumn={pinLastColumn}
      columns={columns}
    />
  );
}
