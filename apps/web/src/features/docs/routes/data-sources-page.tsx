import { CloseButton, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DATA_SOURCE_SEARCH_MAX_LENGTH, type DataSource } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMutation } from '../../../components/confirm';
import { useDeleteDataSource } from '../api/delete-data-source';
import { useDataSources } from '../api/get-data-sources';
import { useDataSourceSearch } from '../api/search-data-sources';
import { DataSourceReader } from '../components/data-source-reader';
import { DataSourcesTable } from '../components/data-sources-table';
import { SearchResults } from '../components/search-results';
import { UploadCard } from '../components/upload-card';

/** /docs/data: upload Markdown files, search them (Norwegian full text), read and delete them (admins). */
export function DataSourcesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [openId, setOpenId] = useState<string | null>(null);
  const sources = useDataSources();
  const hits = useDataSourceSearch(debouncedSearch);
  const deleteSource = useDeleteDataSource();

  const open = (source: DataSource) => setOpenId(source.id);
  const askDelete = (source: DataSource) =>
    confirmMutation({
      title: t('docs.data.delete.title'),
      message: t('docs.data.delete.confirm', { name: source.fileName }),
      confirmLabel: t('docs.data.delete.confirmButton'),
      success: t('docs.data.delete.success', { name: source.fileName }),
      mutation: deleteSource,
      variables: source.id,
      onDone: () => setOpenId((current) => (current === source.id ? null : current)),
    });

  return (
    <Stack gap="lg">
      <UploadCard />
      <TextInput
        label={t('docs.data.search.label')}
        placeholder={t('docs.data.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton aria-label={t('docs.data.search.clear')} onClick={() => setSearch('')} />
          ) : null
        }
        value={search}
        maxLength={DATA_SOURCE_SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      {debouncedSearch.trim() !== '' ? (
        <SearchResults query={hits} onOpen={open} />
      ) : (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('docs.data.listTitle')}
          </Title>
          <DataSourcesTable query={sources} onOpen={open} onDelete={askDelete} />
        </Stack>
      )}
      <DataSourceReader id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
