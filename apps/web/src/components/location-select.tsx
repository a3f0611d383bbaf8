import {
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocations } from '../lib/queries/get-locations';
import { type Option, useRememberedOptions } from './use-remembered-options';

/** How many facilities the picker lists for one search; typing narrows it. */
const PICKER_SIZE = 20;

/** The server already searched: every option it found is shown. */
const showAll: OptionsFilter = ({ options }) => options;

/**
 * The facilities matching what is typed, searched on the server (there may be hundreds), by name; the
 * chosen ones keep their names (`useRememberedOptions`). The search box of a single picker shows the
 * chosen name: that is not a search.
 */
function useLocationOptions({
  chosen,
  single,
  known,
}: {
  chosen: readonly string[];
  single: boolean;
  known?: readonly Option[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const shownName = useRef<string | undefined>(undefined);
  const locations = useLocations({
    page: 1,
    perPage: PICKER_SIZE,
    search: debouncedSearch === shownName.current ? '' : debouncedSearch,
    sort: { column: 'name', direction: 'asc' },
  });
  const found = (locations.data?.data ?? []).map((location) => ({
    value: location.id,
    label: location.name,
  }));
  const { options, labelOf } = useRememberedOptions(found, chosen, known);
  shownName.current = single ? labelOf(chosen[0] ?? null) : undefined;
  return {
    searchable: true,
    data: options,
    searchValue: search,
    onSearchChange: setSearch,
    filter: showAll,
    nothingFoundMessage: locations.isFetching ? t('app.loading') : t('locations.empty'),
  };
}

/** Picks one facility by searching the server. */
export function LocationSelect({
  value,
  onChange,
  ...props
}: { value: string | null; onChange: (locationId: string | null) => void } & Omit<
  SelectProps,
  'value' | 'onChange' | 'data'
>) {
  const picker = useLocationOptions({ chosen: value ? [value] : [], single: true });
  return <Select clearable {...picker} value={value} onChange={onChange} {...props} />;
}

/** Picks several facilities by searching the server; `known` names the ones already chosen. */
export function LocationMultiSelect({
  value,
  onChange,
  known,
  ...props
}: { known?: readonly Option[] } & Omit<MultiSelectProps, 'data'>) {
  const picker = useLocationOptions({ chosen: value ?? [], single: false, known });
  return <MultiSelect clearable {...picker} value={value} onChange={onChange} {...props} />;
}
