import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocations } from '../api/get-locations';

/** How many facilities the picker lists for one search; typing narrows it. */
const PICKER_SIZE = 20;

/**
 * Picks a facility by searching the server (there may be hundreds). The chosen facility's name is kept,
 * so it still shows when a later search no longer lists it.
 */
export function LocationSelect({
  value,
  onChange,
  ...props
}: { value: string | null; onChange: (locationId: string | null) => void } & Omit<
  SelectProps,
  'value' | 'onChange' | 'data'
>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const names = useRef(new Map<string, string>());
  const selectedName = value ? names.current.get(value) : undefined;
  // The search box shows the chosen name; that is not a search.
  const query = debouncedSearch === selectedName ? '' : debouncedSearch;
  const locations = useLocations({
    page: 1,
    perPage: PICKER_SIZE,
    search: query,
    sort: { column: 'name', direction: 'asc' },
  });
  for (const location of locations.data?.data ?? []) names.current.set(location.id, location.name);

  const options = (locations.data?.data ?? []).map((location) => ({
    value: location.id,
    label: location.name,
  }));
  if (value && selectedName && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: selectedName });
  }

  return (
    <Select
      searchable
      clearable
      data={options}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={locations.isFetching ? t('app.loading') : t('locations.empty')}
      {...props}
    />
  );
}
