import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { Bay } from '@vaskedrift/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/anchor-link';
import { bayStatusDescriptionKey, bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import { formatSince, formatTimeAgo } from '../../../components/bay-status/status-since';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import '../../../components/bay-status/bay-status.css';
import classes from './bay-status-hero.module.css';

/** "Now" that moves on every minute, so "for 5 minutter siden" stays true while the page is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The bay's name and facility, and its status big in its colour with since when. */
export function BayStatusHero({ bay }: { bay: Bay }) {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  const since = Date.parse(bay.statusChangedAt);
  return (
    <Card padding={0} mb="lg" className={classes.card}>
      <Group gap={0} wrap="wrap" align="stretch">
        <Stack gap={6} p="lg" className={classes.identity}>
          <Title order={2} fz={24}>
            {bay.name}
          </Title>
          <Group gap={6} c="dimmed">
            <IconBuildingStore size={16} aria-hidden />
            <AnchorLink to="/locations/$locationId" params={{ locationId: bay.locationId }} size="sm">
              {bay.locationName}
            </AnchorLink>
          </Group>
        </Stack>
        <div className={classes.status} data-bay-status={bay.status}>
          <Text className={classes.statusLabel}>{t(bayStatusLabelKey(bay.status))}</Text>
          <Text size="sm" className={classes.statusText}>
            {t(bayStatusDescriptionKey(bay.status))}
          </Text>
          {!bay.monitored && <UnmonitoredBadge color="dark" variant="filled" w="fit-content" />}
          <Text size="sm" className={classes.statusText} title={formatSince(since, i18n.language)}>
            {t('bays.since', {
              time: formatSince(since, i18n.language),
              ago: formatTimeAgo(since, now, i18n.language),
            })}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
