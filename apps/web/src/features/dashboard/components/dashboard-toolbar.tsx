import { Group, Switch } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyAfterFirstPage } from '../../../lib/first-page';
import type { DashboardLocation } from '../dashboard-model';
import classes from './dashboard.module.css';
import { StatusLegend } from './status-legend';

// The facility filter is Mantine's multi-select (combobox, popover, floating-ui): not needed to draw the first
// tiles, it comes once they are drawn (lib/first-page.ts); until then its place is kept (decision 040).
const LocationFilter = lazyAfterFirstPage(() =>
  import('./location-filter').then((module) => module.LocationFilter),
);

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
  return (
    <Group justify="space-between" align="center" gap="md" mb="md">
      <Group gap="md" align="center">
        <Suspense fallback={<div className={classes.filterPlaceholder} aria-hidden />}>
          <LocationFilter locations={locations} selected={selected} onSelectedChange={onSelectedChange} />
        </Suspense>
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
