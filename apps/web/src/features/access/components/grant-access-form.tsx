import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useCreateUserAccess } from '../api/create-user-access';
import { useLocationSearch } from '../api/search-locations';

/** 'Gi tilgang': a searchable picker of facilities not yet granted, and the button that grants one. */
export function GrantAccessForm({
  userId,
  userName,
  grantedIds,
}: {
  userId: string;
  userName: string;
  grantedIds: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [dropdownOpened, setDropdownOpened] = useState(false);
  const locations = useLocationSearch(debouncedSearch, dropdownOpened || debouncedSearch !== '');
  const grant = useCreateUserAccess();

  const options = (locations.data ?? [])
    .filter((location) => !grantedIds.has(location.id))
    .map((location) => ({ value: location.id, label: `${location.name}, ${location.city}` }));

  const submit = () => {
    if (!locationId) return;
    const label = options.find((option) => option.value === locationId)?.label ?? '';
    void grant.mutateAsync({ userId, locationId }).then(
      () => {
        notifySuccess(t('access.grant.success', { user: userName, location: label }));
        setLocationId(null);
        setSearch('');
      },
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );
  };

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('access.pick')}
        placeholder={t('access.pickPlaceholder')}
        nothingFoundMessage={locations.isFetching ? t('app.loading') : t('access.noLocations')}
        searchable
        clearable
        data={options}
        value={locationId}
        onChange={setLocationId}
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setDropdownOpened(true)}
        filter={({ options: all }) => all}
        w={{ base: '100%', sm: 360 }}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={submit}
        disabled={!locationId}
        loading={grant.isPending}
      >
        {t('access.grant.button')}
      </Button>
    </Group>
  );
}
