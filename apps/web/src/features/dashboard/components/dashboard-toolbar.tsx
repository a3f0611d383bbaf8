import { Group, MultiSelect, Switch } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardLocation } from '../dashboard-model';
import { StatusLegend } from './status-legend';

/** The facility filter (any of the facilities in the response), 'Bare anlegg med avvik' and the legend. */
export function DashboardToolbar({
  locations,
  selected,
  onSelectedChange,
  onlyIssues,
  onOnlyIssuesChange,
}: {
  locations: readonly DashboardLocation[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  onlyIssues: boolean;
  onOnlyIssuesChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const options = useMemo(
    () => locations.map((location) => ({ value: location.id, label: location.name })),
    [locations],
  );
  return (
    <Group justify="space-between" align="center" gap="md" mb="md">
      <Group gap="md" align="center">
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
        <Switch
          // 'md': a 24 px high target (WCAG 2.2, 2.5.8), also under a thumb.
          size="md"
          label={t('dashboard.filter.onlyIssues')}
          checked={onlyIssues}
          onChange={(event) => onOnlyIssuesChange(event.currentTarget.checked)}
        />
      </Group>
      <StatusLegend />
    </Group>
  );
}
