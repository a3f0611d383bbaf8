import { Badge, Card, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconEyeOff, IconMapPin } from '@tabler/icons-react';
import type { Location } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { StatusCounts } from '../../../components/bay-status/status-counts';
import classes from './location-summary-card.module.css';

/** The facility at the top of its pages: picture, name, address, bay count and their statuses. */
export function LocationSummaryCard({ location }: { location: Location }) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" mb="lg">
      <Group gap="lg" wrap="nowrap" align="center">
        {location.imageUrl ? (
          <Image src={location.imageUrl} alt="" className={classes.thumb} radius="md" fit="cover" />
        ) : (
          <ThemeIcon size={64} radius="md" variant="light" aria-hidden>
            <IconBuildingStore size={32} stroke={1.5} />
          </ThemeIcon>
        )}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="sm">
            <Title order={2} fz={22}>
              {location.name}
            </Title>
            {!location.isVisibleInDashboard && (
              <Badge variant="light" color="gray" leftSection={<IconEyeOff size={12} aria-hidden />}>
                {t('locations.hiddenInDashboard')}
              </Badge>
            )}
          </Group>
          <Group gap="lg">
            <Group gap={6} c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">
                {location.address}, {location.postalCode} {location.city}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('locations.bayCount', { count: location.bayCount })}
            </Text>
            {location.bayCount > 0 && <StatusCounts counts={location.statusCounts} />}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
