import { Badge, Card, Grid, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsCard } from '../../components/details-card';
import { LocationBaysCard, useRouteLocation } from '../../features/locations';
import {
  MaintenanceHistoryCard,
  MaintenanceStatsCard,
  PlannedMaintenanceCard,
} from '../../features/maintenance';
import { formatDateTime } from '../../lib/format';

/**
 * /locations/{locationId}: the facility's details, its picture, its bays with their status, the last 30
 * days' maintenance figures and its maintenance history.
 */
export function LocationOverviewPage() {
  const { t, i18n } = useTranslation();
  const { locationId, location } = useRouteLocation();
  if (!location.data) return null;
  const loaded = location.data;

  const rows: [string, ReactNode][] = [
    [t('locations.fields.name'), loaded.name],
    [t('locations.fields.address'), loaded.address],
    [t('locations.fields.postalCode'), loaded.postalCode],
    [t('locations.fields.city'), loaded.city],
    [
      t('locations.fields.isVisibleInDashboard'),
      <Badge key="visible" variant="light" color={loaded.isVisibleInDashboard ? 'green' : 'gray'}>
        {loaded.isVisibleInDashboard ? t('locations.visible.yes') : t('locations.visible.no')}
      </Badge>,
    ],
    [t('locations.overview.createdAt'), formatDateTime(loaded.createdAt, i18n.language)],
    [t('locations.overview.updatedAt'), formatDateTime(loaded.updatedAt, i18n.language)],
  ];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <DetailsCard title={t('locations.overview.details')} rows={rows} labelWidth={170} />
          <Card padding="lg">
            <Title order={3} fz="md" mb="sm">
              {t('locations.fields.image')}
            </Title>
            {loaded.imageUrl ? (
              <Image
                src={loaded.imageUrl}
                alt={t('locations.image.alt', { name: loaded.name })}
                radius="md"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('locations.image.none')}
              </Text>
            )}
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <LocationBaysCard locationId={locationId} />
      </Grid.Col>
      <Grid.Col span={12}>
        <MaintenanceStatsCard scope={{ locationId }} />
      </Grid.Col>
      <Grid.Col span={12}>
        <PlannedMaintenanceCard scope={{ locationId }} />
      </Grid.Col>
      <Grid.Col span={12}>
        <MaintenanceHistoryCard scope={{ locationId }} />
      </Grid.Col>
    </Grid>
  );
}
