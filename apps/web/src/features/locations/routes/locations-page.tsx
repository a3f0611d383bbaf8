import { Card, EmptyState } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** The facility list arrives with the locations API; until then the page shows its empty state. */
export function LocationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader description={t('locations.subtitle')} />
      <Card padding="xl">
        <EmptyState
          py={48}
          variant="light"
          icon={<IconBuildingStore size={28} stroke={1.6} aria-hidden />}
          title={t('locations.empty')}
          description={t('locations.emptyHint')}
        />
      </Card>
    </>
  );
}
