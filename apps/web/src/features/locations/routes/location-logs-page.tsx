import { Card, Group, SegmentedControl, Select, Stack, Title } from '@mantine/core';
import type { LocationLogKind } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerSearch } from '../../../components/server-table/use-server-list';
import { useBays } from '../../../lib/queries/get-bays';
import { useLocationLogs } from '../api/get-location-logs';
import { LocationLogsTable } from '../components/location-logs-table';
import { LOG_PERIODS, type LogPeriod, periodStart } from '../location-log-view';
import { LOCATION_LOG_TYPE_LABELS } from '../log-types';
import { useRouteLocation } from '../use-route-location';

type KindFilter = 'all' | LocationLogKind;

/**
 * /locations/{locationId}/logs: who changed what on the facility and its bays, and every failed check of
 * the APIs feeding them, newest first; filtered by kind, type, bay, period and free text on the server.
 */
export function LocationLogsPage() {
  const { t } = useTranslation();
  const { locationId } = useRouteLocation();
  const list = useServerSearch();
  const [kind, setKind] = useState<KindFilter>('all');
  const [type, setType] = useState<string | null>(null);
  const [bayId, setBayId] = useState<string | null>(null);
  const [period, setPeriod] = useState<{ value: LogPeriod; from: string | undefined }>({
    value: 'all',
    from: undefined,
  });
  const bays = useBays({
    page: 1,
    perPage: 100,
    filters: { locationId },
    sort: { column: 'name', direction: 'asc' },
  });
  const logs = useLocationLogs({
    locationId,
    page: list.page,
    perPage: list.perPage,
    search: list.debouncedSearch,
    filters: {
      kind: kind === 'all' ? undefined : kind,
      type: type ?? undefined,
      bayId: bayId ?? undefined,
      from: period.from,
    },
  });
  /** A new filter starts on page 1, like a new search. */
  const filtering =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      list.resetPage();
    };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('locations.logs.title')}
        </Title>
        <Group gap="sm" align="flex-end">
          <ListSearch
            aria-label={t('locations.logs.search')}
            placeholder={t('locations.logs.searchPlaceholder')}
            value={list.search}
            onChange={list.setSearch}
            w={{ base: '100%', sm: 300 }}
          />
          <SegmentedControl
            aria-label={t('locations.logs.kind')}
            value={kind}
            onChange={filtering((value: string) => setKind(value as KindFilter))}
            data={[
              { value: 'all', label: t('locations.logs.kinds.all') },
              { value: 'audit', label: t('locations.logs.kinds.audit') },
              { value: 'check', label: t('locations.logs.kinds.check') },
            ]}
          />
        </Group>
        <Group gap="sm" grow preventGrowOverflow={false}>
          <Select
            label={t('locations.logs.type')}
            placeholder={t('locations.logs.allTypes')}
            clearable
            searchable
            value={type}
            onChange={filtering(setType)}
            data={LOCATION_LOG_TYPE_LABELS.map(([value, label]) => ({ value, label: t(label) }))}
            miw={200}
          />
          <Select
            label={t('locations.logs.bay')}
            placeholder={t('locations.logs.allBays')}
            clearable
            searchable
            value={bayId}
            onChange={filtering(setBayId)}
            data={(bays.data?.data ?? []).map((bay) => ({ value: bay.id, label: bay.name }))}
            miw={180}
          />
          <Select
            label={t('locations.logs.period')}
            value={period.value}
            allowDeselect={false}
            onChange={filtering((value: string | null) => {
              const next = (value ?? 'all') as LogPeriod;
              setPeriod({ value: next, from: periodStart(next) });
            })}
            data={LOG_PERIODS.map((value) => ({ value, label: t(`locations.logs.periods.${value}`) }))}
            miw={160}
          />
        </Group>
        <ServerListContent query={logs} rows={list.perPage}>
          <LocationLogsTable {...serverTableProps(list, logs)} />
        </ServerListContent>
      </Stack>
    </Card>
  );
}
