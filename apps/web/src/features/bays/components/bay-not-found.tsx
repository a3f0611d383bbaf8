import { Card, EmptyState, Group } from '@mantine/core';
import { IconCarGarage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';

/** 'Fant ikke vaskehallen', with the way back to the facility's bays. */
export function BayNotFound({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  return (
    <Card padding="xl">
      <EmptyState
        py={40}
        variant="light"
        icon={<IconCarGarage size={28} stroke={1.6} aria-hidden />}
        title={t('bays.notFound')}
        description={t('bays.notFoundText')}
      >
        <Group justify="center" mt="md">
          <ButtonLink to="/locations/$locationId/bays" params={{ locationId }} variant="default">
            {t('bays.toLocationBays')}
          </ButtonLink>
          <ButtonLink to="/locations/bays" variant="light">
            {t('bays.toAllBays')}
          </ButtonLink>
        </Group>
      </EmptyState>
    </Card>
  );
}
