import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApis } from '../lib/queries/get-apis';

/** Picks one API connection by name (searchable; the first 100 by name). */
export function ApiSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const apis = useApis({ page: 1, perPage: 100, sort: { column: 'name', direction: 'asc' } });
  return (
    <Select
      searchable
      nothingFoundMessage={t('apis.empty')}
      data={(apis.data?.data ?? []).map((api) => ({ value: api.id, label: api.name }))}
      disabled={apis.isPending}
      {...props}
    />
  );
}
