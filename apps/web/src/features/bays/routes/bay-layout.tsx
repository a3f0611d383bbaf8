import { IconCarGarage } from '@tabler/icons-react';
import { canManageLocations } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EntityLayout } from '../../../components/entity-layout/entity-layout';
import { EntityNotFound } from '../../../components/entity-layout/entity-not-found';
import { useAuth } from '../../../lib/auth-context';
import { BayStatusHero } from '../components/bay-status-hero';
import { useRouteBay } from '../use-route-bay';

/** /locations/{locationId}/bays/{bayId}: the bay's status big, its tabs (routes.tsx) and the tab's page. */
export function BayLayout() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { locationId, bay } = useRouteBay();
  return (
    <EntityLayout
      query={bay}
      // A bay opened under another facility's address is not this facility's bay.
      isElsewhere={(data) => data.locationId !== locationId}
      skeleton="status"
      tabsLabel={t('bays.tabs.label')}
      permissions={{ manage: role != null && canManageLocations(role) }}
      header={(data) => <BayStatusHero bay={data} />}
      notFound={
        <EntityNotFound
          icon={<IconCarGarage size={28} stroke={1.6} aria-hidden />}
          title={t('bays.notFound')}
          text={t('bays.notFoundText')}
        >
          <ButtonLink to="/locations/$locationId/bays" params={{ locationId }} variant="default">
            {t('bays.toLocationBays')}
          </ButtonLink>
          <ButtonLink to="/locations/bays" variant="light">
            {t('bays.toAllBays')}
          </ButtonLink>
        </EntityNotFound>
      }
    />
  );
}
