import { MAX_ITEMS_PER_PAGE } from '@vaskedrift/shared';
import { useGroups } from './get-groups';

/** Every group as a choice for a multiselect (value: id, label: name). */
export function useGroupOptions(enabled = true) {
  const groups = useGroups(
    { page: 1, perPage: MAX_ITEMS_PER_PAGE, sort: { column: 'name', direction: 'asc' } },
    { enabled },
  );
  return (groups.data?.data ?? []).map((group) => ({ value: group.id, label: group.name }));
}
