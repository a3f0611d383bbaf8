import { type GroupMember, ROLE_LEVELS } from '@vaskedrift/shared';

type SortStatus = { columnAccessor: string | number | symbol; direction: 'asc' | 'desc' };

const collator = new Intl.Collator('nb', { sensitivity: 'base' });

/** Members in the table's order: by name (first, then last), e-mail, or role level (highest first). */
export function sortMembers(members: readonly GroupMember[], sort: SortStatus): GroupMember[] {
  const byName = (a: GroupMember, b: GroupMember) =>
    collator.compare(a.firstName, b.firstName) || collator.compare(a.lastName, b.lastName);
  const compare =
    sort.columnAccessor === 'email'
      ? (a: GroupMember, b: GroupMember) => collator.compare(a.email, b.email)
      : sort.columnAccessor === 'role'
        ? (a: GroupMember, b: GroupMember) => ROLE_LEVELS[b.role] - ROLE_LEVELS[a.role] || byName(a, b)
        : byName;
  const sorted = [...members].sort(compare);
  return sort.direction === 'desc' ? sorted.reverse() : sorted;
}
