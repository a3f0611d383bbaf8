import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { Api } from '@vaskedrift/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useItemsPerPage } from '../../../lib/user-data-query';
import { toApiSortColumn, useApis } from '../api/get-apis';
import { ApisTable } from '../components/apis-table';
import { CreateApiModal } from '../components/create-api-modal';

/** /integrations/apis: every API connection, with 'Ny API-tilkobling'. */
export function ApisPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOpened, createModal] = useDisclosure(false);
  const [perPage, setPerPage] = useState(useItemsPerPage());
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Api>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const apis = useApis({
    page,
    perPage,
    search: debouncedSearch,
    sort: { column: toApiSortColumn(sortStatus.columnAccessor), direction: sortStatus.direction },
  });

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
            <TextInput
              aria-label={t('apis.search')}
              placeholder={t('apis.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={360}
              maw="100%"
            />
          </Group>
          {apis.isPending ? (
            <ListSkeleton rows={Math.min(perPage, 8)} />
          ) : apis.isError && !apis.data ? (
            <LoadError error={apis.error} onRetry={() => apis.refetch()} retrying={apis.isFetching} />
          ) : (
            <ApisTable
              apis={apis.data?.data ?? []}
              total={apis.data?.count ?? 0}
              fetching={apis.isFetching}
              page={page}
              perPage={perPage}
              sortStatus={sortStatus}
              emptyText={debouncedSearch.trim() ? t('apis.emptySearch') : t('apis.empty')}
              onPageChange={setPage}
              onPerPageChange={(size) => {
                setPerPage(size);
                setPage(1);
              }}
              onSortStatusChange={(status) => {
                setSortStatus(status);
                setPage(1);
              }}
              onOpen={(api) => void navigate({ to: '/integrations/apis/$apiId', params: { apiId: api.id } })}
            />
          )}
        </Stack>
      </Card>
      <CreateApiModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
