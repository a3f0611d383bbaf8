import { IconBuildingStore } from '@tabler/icons-react';
import { canManageLocations } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EntityLayout } from '../../../components/entity-layout/entity-layout';
import { EntityNotFound } from '../../../components/entity-layout/entity-not-found';
import { useAuth } from '../../../lib/auth-context';
import { LocationSummaryCard } from '../components/location-summary-card';
import { useRouteLocation } from '../use-route-location';

/**
 * /locations/{locationId}: the facility, its tabs (routes.tsx) and the page of the chosen tab. A bay's
 * pages have tabs of their own, so `EntityLayout` gives them the outlet alone.
 */
export function LocationLayout() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { location } = useRouteLocation();
  return (
    <EntityLayout
      query={location}
      skeleton="image"
      tabsLabel={t('locations.tabs.label')}
      permissions={{ manage: role != null && canManageLocations(role) }}
      header={(data) => <LocationSummaryCard location={data} />}
      notFound={
        // Deleted, never there, or not the user's.
        <EntityNotFound
          icon={<IconBuildingStore size={28} stroke={1.6} aria-hidden />}
          title={t('locations.notFound')}
          text={t('locations.notFoundText')}
        >
          <ButtonLink to="/locations" variant="default">
            {t('locations.toList')}
          </ButtonLink>
        </EntityNotFound>
      }
    />
  );
}
