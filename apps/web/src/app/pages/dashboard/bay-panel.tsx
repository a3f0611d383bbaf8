import { Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { canManageLocations } from '@vaskedrift/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BayStatusBadge } from '../../../components/bay-status/bay-status-badge';
import { formatSince, formatTimeAgo } from '../../../components/bay-status/status-since';
import { UnmonitoredBadge } from '../../../components/bay-status/unmonitored-badge';
import { ButtonLink } from '../../../components/button-link';
import { ReadOnlyWhileOffline } from '../../../components/read-only-fieldset';
import {
  BAY_ID,
  BAY_MONITORED,
  BAY_NAME,
  BAY_SINCE,
  BAY_STATUS,
  type DashboardLocation,
  findBay,
} from '../../../features/dashboard';
import { useAuth } from '../../../lib/auth-context';

// What an open panel shows (maintenance with its forms, alerts, mutes, history) loads when a panel first
// opens, not with the dashboard: its code is about as large as the rest of the page's (decision 040).
const BayPanelBody = lazy(() =>
  import('./bay-panel-body').then((module) => ({ default: module.BayPanelBody })),
);

/**
 * The bay panel of the dashboard: a drawer on the right, the whole screen from below on a phone. Its
 * requests start only when it opens; the bay itself comes from the dashboard's data.
 */
export function BayPanel({
  bayId,
  locations,
  loading,
  onClose,
}: {
  bayId: string | undefined;
  locations: readonly DashboardLocation[];
  loading: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const phone = useMediaQuery('(max-width: 36em)');
  const found = bayId ? findBay(locations, bayId) : null;
  const name = found ? found.bay[BAY_NAME] : t('dashboard.panel.title');
  return (
    <Drawer
      opened={bayId != null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 'md'}
      // The drawer's title is its own h2; a heading inside it would be a second one.
      title={name}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 650 } }}
      closeButtonProps={{ 'aria-label': t('dashboard.panel.close') }}
    >
      {!bayId ? null : found ? (
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {found.location.name}
            </Text>
            <Group gap="xs">
              <BayStatusBadge status={found.bay[BAY_STATUS]} size="lg" />
              {!found.bay[BAY_MONITORED] && <UnmonitoredBadge size="lg" />}
              <Text size="sm">
                {t('dashboard.tile.since', {
                  time: formatSince(found.bay[BAY_SINCE], i18n.language),
                  ago: formatTimeAgo(found.bay[BAY_SINCE], Date.now(), i18n.language),
                })}
              </Text>
            </Group>
            {role != null && canManageLocations(role) && (
              <Group>
                <ButtonLink
                  to="/locations/$locationId/bays/$bayId"
                  params={{ locationId: found.location.id, bayId: found.bay[BAY_ID] }}
                  variant="light"
                  size="xs"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                >
                  {t('dashboard.panel.openBay')}
                </ButtonLink>
              </Group>
            )}
          </Stack>
          <ReadOnlyWhileOffline>
            <Suspense fallback={<Skeleton height={120} radius="md" aria-label={t('app.loading')} />}>
              <BayPanelBody
                bayId={bayId}
                bayName={found.bay[BAY_NAME]}
                monitored={found.bay[BAY_MONITORED]}
              />
            </Suspense>
          </ReadOnlyWhileOffline>
        </Stack>
      ) : loading ? (
        <Skeleton height={120} radius="md" aria-label={t('app.loading')} />
      ) : (
        <Text c="dimmed">{t('common.empty')}</Text>
      )}
    </Drawer>
  );
}
