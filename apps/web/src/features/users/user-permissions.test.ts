import type { Role, User } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { userPermissions } from './user-permissions';

const user = (id: string, role: Role, disabled = false): User => ({
  id,
  role,
  firstName: 'Ola',
  lastName: 'Nordmann',
  email: `${id}@example.no`,
  phone: null,
  avatar: null,
  groups: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastSignInAt: null,
  lastSeenAt: null,
  disabledAt: disabled ? '2025-02-01T00:00:00.000Z' : null,
});

describe('userPermissions', () => {
  it('lets a user edit themself but not their role, e-mail, groups or status', () => {
    const me = user('a', 'operator');
    expect(userPermissions({ id: 'a', role: 'operator' }, me)).toMatchObject({
      self: true,
      canEdit: true,
      canEditRole: false,
      canEditEmail: false,
      canEditGroups: false,
      canChangeStatus: false,
      canDelete: false,
    });
  });

  it('lets an admin change everything about a user at or below their level, except delete themself', () => {
    const admin = { id: 'a', role: 'admin' as const };
    expect(userPermissions(admin, user('b', 'operator'))).toMatchObject({
      canEdit: true,
      canEditRole: true,
      canEditEmail: true,
      canEditGroups: true,
      canChangeStatus: true,
      canDelete: true,
    });
    expect(userPermissions(admin, user('a', 'admin'))).toMatchObject({
      canEditRole: false,
      canDelete: false,
    });
  });

  it('keeps an admin away from a superadmin', () => {
    expect(userPermissions({ id: 'a', role: 'admin' }, user('b', 'superadmin'))).toMatchObject({
      canEdit: false,
      canDelete: false,
      canChangeStatus: false,
    });
  });

  it('gives a non-admin nothing on someone else', () => {
    expect(userPermissions({ id: 'a', role: 'user' }, user('b', 'user')).canEdit).toBe(false);
  });

  it('lets an admin enable a disabled user', () => {
    expect(userPermissions({ id: 'a', role: 'admin' }, user('b', 'user', true)).canChangeStatus).toBe(true);
  });
});
