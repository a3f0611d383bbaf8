import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  isAdminRole,
  peopleAdminDenial,
  userCreateDenial,
  userDeleteDenial,
  userFactorRemovalDenial,
  userUpdateDenial,
  userViewDenial,
} from './permissions';

const superadmin = { id: 's', role: 'superadmin' as const };
const admin = { id: 'a', role: 'admin' as const };
const operator = { id: 'o', role: 'operator' as const };
const user = { id: 'u', role: 'user' as const };
const message = (denial: { message: string } | null) => denial?.message ?? null;

describe('permissions', () => {
  it('admins and superadmins manage people; operators and users do not', () => {
    expect([superadmin, admin, operator, user].map((p) => isAdminRole(p.role))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(peopleAdminDenial(operator)?.code).toBe('auth/forbidden');
    expect(peopleAdminDenial(admin)).toBeNull();
  });

  it('offers only roles at or below your own', () => {
    expect(assignableRoles('admin')).toEqual(['admin', 'operator', 'user']);
    expect(assignableRoles('superadmin')).toEqual(['superadmin', 'admin', 'operator', 'user']);
    expect(assignableRoles('user')).toEqual(['user']);
  });

  it('a non-admin sees only themself', () => {
    expect(userViewDenial(operator, 'o')).toBeNull();
    expect(message(userViewDenial(operator, 'u'))).toBe('Du kan bare se og endre din egen profil');
    expect(userViewDenial(admin, 'u')).toBeNull();
  });

  it('creating: admins only, never above your own level', () => {
    expect(message(userCreateDenial(admin, 'superadmin'))).toBe(
      'Du kan ikke gi brukeren høyere nivå enn deg',
    );
    expect(userCreateDenial(admin, 'admin')).toBeNull();
    expect(userCreateDenial(operator, 'user')?.code).toBe('auth/forbidden');
  });

  it('updating: the level rule, own role and status, admin-only fields', () => {
    expect(
      userUpdateDenial(user, { ...user, email: 'u@x.no' }, { role: 'user', email: 'U@X.no' }),
    ).toBeNull();
    expect(message(userUpdateDenial(user, user, { role: 'operator' }))).toBe(
      'Du kan ikke gi brukeren høyere nivå enn deg',
    );
    expect(message(userUpdateDenial(admin, admin, { role: 'user' }))).toBe(
      'Du kan ikke endre din egen rolle',
    );
    expect(message(userUpdateDenial(admin, admin, { disabled: true }))).toBe(
      'Du kan ikke deaktivere deg selv',
    );
    expect(message(userUpdateDenial(admin, superadmin, {}))).toBe(
      'Du kan ikke endre en bruker med høyere nivå enn deg',
    );
    expect(userUpdateDenial(admin, { id: 'b', role: 'admin' }, { role: 'operator' })).toBeNull();
    expect(message(userUpdateDenial(operator, user, {}))).toBe('Du kan bare se og endre din egen profil');
    expect(userUpdateDenial(operator, operator, { groups: [] })?.code).toBe('users/admin-only-field');
    expect(userUpdateDenial(operator, { ...operator, disabled: false }, { disabled: false })).toBeNull();
  });

  it('deleting: admins only, never yourself, never above you', () => {
    expect(message(userDeleteDenial(admin, admin))).toBe('Du kan ikke slette deg selv');
    expect(message(userDeleteDenial(admin, superadmin))).toBe(
      'Du kan ikke slette en bruker med høyere nivå enn deg',
    );
    expect(userDeleteDenial(admin, { id: 'b', role: 'admin' })).toBeNull();
    expect(userDeleteDenial(operator, user)?.code).toBe('auth/forbidden');
  });

  it("removing someone's two-factor: admins only, never yourself, never above you", () => {
    expect(userFactorRemovalDenial(admin, operator)).toBeNull();
    expect(userFactorRemovalDenial(admin, { id: 'b', role: 'admin' })).toBeNull();
    expect(message(userFactorRemovalDenial(admin, superadmin))).toBe(
      'Du kan ikke endre en bruker med høyere nivå enn deg',
    );
    expect(message(userFactorRemovalDenial(admin, admin))).toBe(
      'Din egen tofaktor fjerner du under Min profil',
    );
    expect(userFactorRemovalDenial(operator, user)?.code).toBe('auth/forbidden');
  });
});
