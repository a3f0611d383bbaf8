import { Card, Grid, Group, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { canManageFacilities } from '@vaskedrift/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { useAuth } from '../../../lib/auth-context';
import { formatDateTime } from '../../../lib/format';
import { LinkButton, useBayLinks } from '../../links';
import { useRouteBay } from '../use-route-bay';

/** /locations/{locationId}/bays/{bayId}: the bay's links as buttons, and its details. */
export function BayOverviewPage() {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const { locationId, bayId, bay } = useRouteBay();
  const links = useBayLinks(bayId);
  const canManage = role != null && canManageFacilities(role);
  if (!bay.data) return null;

  const rows: [string, ReactNode][] = [
    [t('bays.fields.name'), bay.data.name],
    [t('bays.fields.location'), bay.data.locationName],
    [t('bays.fields.sortOrder'), bay.data.sortOrder],
    [t('bays.overview.statusChangedAt'), formatDateTime(bay.data.statusChangedAt, i18n.language)],
    [t('bays.overview.createdAt'), formatDateTime(bay.data.createdAt, i18n.language)],
  ];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card padding="lg" h="100%">
          <Group justify="space-between" mb="md">
            <Title order={3} fz="md">
              {t('bays.overview.links')}
            </Title>
            {canManage && (
              <ButtonLink
                to="/locations/$locationId/bays/$bayId/links"
                params={{ locationId, bayId }}
                variant="subtle"
                size="xs"
              >
                {t('bays.overview.manageLinks')}
              </ButtonLink>
            )}
          </Group>
          {links.isPending ? (
            <ListSkeleton rows={2} />
          ) : links.isError ? (
            <LoadError error={links.error} onRetry={() => links.refetch()} retrying={links.isFetching} />
          ) : links.data.length === 0 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('links.empty')}
              </Text>
              {canManage && (
                <ButtonLink
                  to="/locations/$locationId/bays/$bayId/links"
                  params={{ locationId, bayId }}
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                >
                  {t('links.new')}
                </ButtonLink>
              )}
            </Group>
          ) : (
            <Group gap="sm" role="group" aria-label={t('bays.overview.links')}>
              {links.data.map((link) => (
                <LinkButton key={link.id} link={link} />
              ))}
            </Group>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card padding="lg" h="100%">
          <Title order={3} fz="md" mb="sm">
            {t('bays.overview.details')}
          </Title>
          <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={150} fw={500} c="dimmed" bg="transparent">
                    {label}
                  </Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
