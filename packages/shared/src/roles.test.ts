import { describe, expect, it } from 'vitest';
import { canAssignRole, hasAnyRole, seesAllLocations } from './roles';

describe('roles', () => {
  it('never lets anyone give a level above their own', () => {
    expect(canAssignRole('admin', 'superadmin')).toBe(false);
    expect(canAssignRole('admin', 'admin')).toBe(true);
    expect(canAssignRole('operator', 'admin')).toBe(false);
    expect(canAssignRole('operator', 'user')).toBe(true);
    expect(canAssignRole('superadmin', 'superadmin')).toBe(true);
  });

  it('checks a role against a list; an empty list allows any signed-in role', () => {
    expect(hasAnyRole('admin', ['superadmin', 'admin'])).toBe(true);
    expect(hasAnyRole('operator', ['superadmin', 'admin'])).toBe(false);
    expect(hasAnyRole('user', [])).toBe(true);
    expect(hasAnyRole(null, [])).toBe(false);
  });

  it('lets admins and above see every facility', () => {
    expect(seesAllLocations('superadmin')).toBe(true);
    expect(seesAllLocations('admin')).toBe(true);
    expect(seesAllLocations('operator')).toBe(false);
    expect(seesAllLocations('user')).toBe(false);
  });
});
