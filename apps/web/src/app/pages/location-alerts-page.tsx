import { Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { AlertsSection } from '../../features/alerts';
import { MuteCard } from '../../features/mutes';

const locationRoute = getRouteApi('/app/locations/$locationId');

/**
 * /locations/{locationId}/alerts: muting the facility's notifications, open alerts (with 'Jeg ser på
 * det'), past alerts below.
 */
export function LocationAlertsPage() {
  const { locationId } = locationRoute.useParams();
  return (
    <Stack gap="lg">
      <MuteCard scope={{ locationId }} />
      <AlertsSection state="open" locationId={locationId} />
      <AlertsSection state="resolved" locationId={locationId} />
    </Stack>
  );
}
