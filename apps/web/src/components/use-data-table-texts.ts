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

/** Page sizes offered beside a table; the user's own setting is always among them. */
const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;

export function pageSizeOptions(current: number): number[] {
  return [...new Set<number>([...PAGE_SIZE_OPTIONS, current])].sort((a, b) => a - b);
}
