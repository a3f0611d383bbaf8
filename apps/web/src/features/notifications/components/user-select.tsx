import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRememberedOptions } from '../../../components/use-remembered-options';
import { fullName } from '../../../lib/format';
import { useUsers } from '../../../lib/queries/get-users';

const PICKER_SIZE = 20;

/** Picks one user by searching the server for name or e-mail. */
export function UserSelect({ value, onChange, ...props }: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const users = useUsers({ page: 1, perPage: PICKER_SIZE, search: debouncedSearch });
  const found = (users.data?.data ?? []).map((user) => ({
    value: user.id,
    label: `${fullName(user)} (${user.email})`,
  }));
  const { options } = useRememberedOptions(found, value ? [value] : []);
  return (
    <Select
      searchable
      data={options}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? t('app.loading') : t('notifications.fields.noUsers')}
      {...props}
    />
  );
}
