import { Card, EmptyState, Group } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';

/** 'Fant ikke anlegget' (deleted, never there, or not the user's), with the way back to the list. */
export function LocationNotFound() {
  const { t } = useTranslation();
  return (
    <Card padding="xl">
      <EmptyState
        py={40}
        variant="light"
        icon={<IconBuildingStore size={28} stroke={1.6} aria-hidden />}
        title={t('locations.notFound')}
        description={t('locations.notFoundText')}
      >
        <Group justify="center" mt="md">
          <ButtonLink to="/locations" variant="default">
            {t('locations.toList')}
          </ButtonLink>
        </Group>
      </EmptyState>
    </Card>
  );
}
