import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bayStatusLabelKey } from '../../../components/bay-status/bay-status';
import { formatTimeAgo } from '../../../components/bay-status/status-since';
import {
  BAY_ID,
  BAY_NAME,
  BAY_SINCE,
  BAY_STATUS,
  baysNeedingAttention,
  type DashboardLocation,
} from '../dashboard-model';
import '../../../components/bay-status/bay-status.css';
import classes from './dashboard.module.css';

/** A phone's first screen holds about this many rows below the open alerts; the tiles list the rest. */
const SHOWN_BAYS = 8;

/**
 * 'Trenger oppfølging', at the top of a phone's dashboard: the bays with an error, a warning or no data,
 * worst and longest-standing first, each opening its bay's panel. Shown only while there are any.
 */
export function NeedsAttentionCard({
  locations,
  onOpenBay,
}: {
  locations: readonly DashboardLocation[];
  onOpenBay: (bayId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { bays, total } = useMemo(() => baysNeedingAttention(locations, SHOWN_BAYS), [locations]);
  if (total === 0) return null;
  const title = t('dashboard.attention.title');
  const now = Date.now();
  return (
    <Card padding="md" mb="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="md">
            {title}
          </Title>
          <Badge color="red" variant="filled" circle>
            {total}
          </Badge>
        </Group>
        <ul className={classes.attentionList}>
          {bays.map(({ location, bay }) => {
            const status = t(bayStatusLabelKey(bay[BAY_STATUS]));
            return (
              <li key={bay[BAY_ID]}>
                <button
                  type="button"
                  className={classes.attentionItem}
                  data-bay-status={bay[BAY_STATUS]}
                  onClick={() => onOpenBay(bay[BAY_ID])}
                  aria-label={t('dashboard.attention.openLabel', {
                    bay: bay[BAY_NAME],
                    location: location.name,
                    status,
                  })}
                >
                  <span className={classes.attentionName}>{bay[BAY_NAME]}</span>
                  <span className={classes.attentionMeta}>
                    <span className={classes.attentionStatus}>{status}</span>
                    {` · ${location.name} · ${formatTimeAgo(bay[BAY_SINCE], now, i18n.language)}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {total > bays.length && (
          <Text size="xs" c="dimmed">
            {t('dashboard.attention.more', { count: total - bays.length })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
