import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Norwegian texts mantine-datatable shows: `empty` for every table, `pagination` ("1–5 av 12",
 * loading, page buttons) for tables that page, `recordsPerPageLabel` beside a page-size picker.
 */
export function useDataTableTexts(noRecordsText?: string) {
  const { t } = useTranslation();
  return {
    empty: { noRecordsText: noRecordsText ?? t('common.empty') },
    recordsPerPageLabel: t('common.recordsPerPage'),
    pagination: {
      loadingText: t('app.loading'),
      paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
        t('common.pagination', { from, to, total: totalRecords }),
      getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
        'aria-label': t(`common.paginationControl.${control}`),
      }),
    },
  };
}

const SORTED = 'mantine-datatable-header-cell-sortable-icon';
const UNSORTED = 'mantine-datatable-header-cell-sortable-unsorted-icon';

/**
 * mantine-datatable names a sortable column's sort state in English ('Navn Sorted ascending', 'Not sorted'),
 * written into its header cells with no prop to change it (its issue #844): a screen reader read two
 * languages. After each render of the table's owner, this puts those labels in the interface language. React
 * writes the English label again only when the sort changes, which re-renders the owner too, so the labels
 * stay translated. Pass the ref as the table's `tableRef`.
 */
export function useSortStateLabels() {
  const { t } = useTranslation();
  const table = useRef<HTMLTableElement | null>(null);
  useLayoutEffect(() => {
    const icons = table.current?.querySelectorAll<HTMLElement>(`.${SORTED}, .${UNSORTED}`) ?? [];
    for (const icon of icons) {
      const state = icon.classList.contains(UNSORTED)
        ? 'none'
        : icon.classList.contains(`${SORTED}-reversed`)
          ? 'descending'
          : 'ascending';
      const label = t(`common.sortState.${state}`);
      if (icon.getAttribute('aria-label') !== label) icon.setAttribute('aria-label', label);
    }
  });
  return useCallback((element: HTMLTableElement | null) => {
    table.current = element;
  }, []);
}

/** Page sizes offered beside a table; the user's own setting is always among them. */
const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;

export function pageSizeOptions(current: number): number[] {
  return [...new Set<number>([...PAGE_SIZE_OPTIONS, current])].sort((a, b) => a - b);
}
