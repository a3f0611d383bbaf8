import { Button, Card, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Api } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { ListSearch, ServerListContent } from '../../../components/server-table/server-list-content';
import { serverTableProps, useServerList } from '../../../components/server-table/use-server-list';
import { type ApiSortColumn, toApiSortColumn, useApis } from '../../../lib/queries/get-apis';
import { ApisTable } from '../components/apis-table';
import { CreateApiModal } from '../components/create-api-modal';

/** /integrations/apis: every API connection, with 'Ny API-tilkobling'. */
export function ApisPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const list = useServerList<Api, ApiSortColumn>({ defaultSort: 'name', toSortColumn: toApiSortColumn });
  const apis = useApis(list.params);

  return (
    <>
      <PageHeader
        description={t('apis.subtitle')}
        actions={
          <>
            <ButtonLink
              to="/integrations/apis/metrics"
              variant="default"
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              {t('apiMetrics.allTitle')}
            </ButtonLink>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
              {t('apis.new')}
            </Button>
          </>
        }
      />
      <Card padding="lg">
        <Stack gap="md">
          <Group>
            <ListSearch
              aria-label={t('apis.search')}
              placeholder={t('apis.searchPlaceholder')}
              value={list.search}
              onChange={list.setSearch}
              w={360}
              maw="100%"
            />
          </Group>
          <ServerListContent query={apis} rows={list.perPage}>
            <ApisTable
              {...serverTableProps(list, apis)}
              emptyText={list.searching ? t('apis.emptySearch') : t('apis.empty')}
              onOpen={(api) => void navigate({ to: '/integrations/apis/$apiId', params: { apiId: api.id } })}
            />
          </ServerListContent>
        </Stack>
      </Card>
      <CreateApiModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
