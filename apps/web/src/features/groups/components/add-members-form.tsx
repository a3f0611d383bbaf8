import { Button, Group, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import type { GroupDetail } from '@vaskedrift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUsers } from '../../../lib/queries/get-users';
import { apiErrorMessage } from '../../../lib/use-api-error-message';
import { useUpdateGroup } from '../api/update-group';

const SEARCH_SIZE = 20;

/** 'Legg til medlemmer': search users (on the server), pick several, add them to the group. */
export function AddMembersForm({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [selected, setSelected] = useState<string[]>([]);
  // Labels of the picked users, so they stay shown when the search moves on.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [opened, setOpened] = useState(false);
  const users = useUsers(
    {
      page: 1,
      perPage: SEARCH_SIZE,
      search: debouncedSearch,
      sort: { column: 'firstName', direction: 'asc' },
    },
    { enabled: opened || debouncedSearch !== '' },
  );
  const updateGroup = useUpdateGroup();
  const memberIds = new Set(group.members.map((member) => member.id));

  const found = (users.data?.data ?? [])
    .filter((user) => !memberIds.has(user.id))
    .map((user) => ({ value: user.id, label: `${fullName(user)} (${user.email})` }));
  const options = [
    ...selected
      .filter((id) => !found.some((option) => option.value === id))
      .map((id) => ({ value: id, label: labels[id] ?? id })),
    ...found,
  ];

  const choose = (ids: string[]) => {
    setLabels((known) => ({
      ...known,
      ...Object.fromEntries(
        options.filter((option) => ids.includes(option.value)).map((o) => [o.value, o.label]),
      ),
    }));
    setSelected(ids);
  };

  const submit = () => {
    if (selected.length === 0) return;
    void updateGroup.mutateAsync({ id: group.id, members: [...memberIds, ...selected] }).then(
      () => {
        notifySuccess(t('groups.members.add.success', { count: selected.length }));
        setSelected([]);
        setSearch('');
      },
      (error: Error) => notifyError(apiErrorMessage(error, t)),
    );
  };

  return (
    <Group align="flex-end" gap="sm">
      <MultiSelect
        label={t('groups.members.add.label')}
        placeholder={t('groups.members.add.placeholder')}
        nothingFoundMessage={users.isFetching ? t('app.loading') : t('groups.members.noUsers')}
        searchable
        clearable
        data={options}
        value={selected}
        onChange={choose}
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        filter={({ options: all }) => all}
        w={{ base: '100%', sm: 420 }}
      />
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={submit}
        disabled={selected.length === 0}
        loading={updateGroup.isPending}
      >
        {t('groups.members.add.submit')}
      </Button>
    </Group>
  );
}
