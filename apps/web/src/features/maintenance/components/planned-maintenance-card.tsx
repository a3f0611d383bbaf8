import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MaintenancePlanScope } from '../api/maintenance-requests';
import { PlannedMaintenanceList } from './planned-maintenance-list';

/** 'Planlagt vedlikehold' on a facility's page: its bays' plans still to come, the soonest first. */
export function PlannedMaintenanceCard({ scope }: { scope: MaintenancePlanScope }) {
  const { t } = useTranslation();
  const title = t('maintenance.plans.cardTitle');
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="md">
        {title}
      </Title>
      <PlannedMaintenanceList scope={scope} />
    </Card>
  );
}
