import type { GroupMember, Role } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { sortMembers } from './sort-members';

const member = (firstName: string, email: string, role: Role): GroupMember => ({
  id: email,
  firstName,
  lastName: 'Nordmann',
  email,
  role,
  avatar: null,
});

const members = [
  member('Øyvind', 'b@x.no', 'user'),
  member('Anne', 'c@x.no', 'admin'),
  member('Åse', 'a@x.no', 'operator'),
];

describe('sortMembers', () => {
  it('sorts by name in Norwegian order (Æ, Ø, Å last)', () => {
    expect(
      sortMembers(members, { columnAccessor: 'firstName', direction: 'asc' }).map((m) => m.firstName),
    ).toEqual(['Anne', 'Øyvind', 'Åse']);
  });

  it('sorts by e-mail and by role level, either way', () => {
    expect(sortMembers(members, { columnAccessor: 'email', direction: 'desc' }).map((m) => m.email)).toEqual([
      'c@x.no',
      'b@x.no',
      'a@x.no',
    ]);
    expect(sortMembers(members, { columnAccessor: 'role', direction: 'asc' }).map((m) => m.role)).toEqual([
      'admin',
      'operator',
      'user',
    ]);
  });
});
