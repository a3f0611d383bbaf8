import { MultiSelect } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardLocation } from '../dashboard-model';

/** The dashboard's facility filter: any of the facilities in the response (dashboard-toolbar.tsx loads it). */
export function LocationFilter({
  locations,
  selected,
  onSelectedChange,
}: {
  locations: readonly DashboardLocation[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const options = useMemo(
    () => locations.map((location) => ({ value: location.id, label: location.name })),
    [locations],
  );
  return (
    <MultiSelect
      aria-label={t('dashboard.filter.label')}
      placeholder={selected.length === 0 ? t('dashboard.filter.placeholder') : undefined}
      leftSection={<IconFilter size={16} aria-hidden />}
      data={options}
      value={selected}
      onChange={onSelectedChange}
      searchable
      clearable
      limit={100}
      nothingFoundMessage={t('dashboard.filter.nothingFound')}
      w={360}
      maw="100%"
    />
  );
}
