import { Card, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { MAX_ITEMS_PER_PAGE } from '@vaskedrift/shared';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BayStatusBadge } from '../../../components/bay-status/bay-status-badge';
import { ButtonLink } from '../../../components/button-link';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useBays } from '../../../lib/queries/get-bays';
import '../../../components/bay-status/bay-status.css';
import classes from './location-bays-card.module.css';

function BayCardAnchor(props: ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}
const BayCardLink = createLink(BayCardAnchor);

/** The facility's bays (up to 100, in their order) with their status, each opening its bay page. */
export function LocationBaysCard({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const bays = useBays({
    page: 1,
    perPage: MAX_ITEMS_PER_PAGE,
    sort: { column: 'sortOrder', direction: 'asc' },
    filters: { locationId },
  });

  return (
    <Card padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} fz="md">
          {t('locations.overview.bays')}
        </Title>
        <ButtonLink
          to="/locations/$locationId/bays"
          params={{ locationId }}
          variant="subtle"
          size="xs"
          rightSection={<IconArrowRight size={14} aria-hidden />}
        >
          {t('locations.overview.allBays')}
        </ButtonLink>
      </Group>
      {bays.isPending ? (
        <ListSkeleton rows={3} />
      ) : bays.isError ? (
        <LoadError error={bays.error} onRetry={() => bays.refetch()} retrying={bays.isFetching} />
      ) : bays.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('bays.emptyLocation')}
        </Text>
      ) : (
        <div className={classes.bays}>
          {bays.data.data.map((bay) => (
            <BayCardLink
              key={bay.id}
              to="/locations/$locationId/bays/$bayId"
              params={{ locationId, bayId: bay.id }}
              className={classes.bay}
              data-bay-status={bay.status}
            >
              <Text size="sm" fw={600} className={classes.name}>
                {bay.name}
              </Text>
              <BayStatusBadge status={bay.status} size="sm" />
            </BayCardLink>
          ))}
        </div>
      )}
      {bays.data && bays.data.count > bays.data.data.length && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('locations.overview.moreBays', { count: bays.data.count - bays.data.data.length })}
        </Text>
      )}
    </Card>
  );
}
