import type { UserView } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { CLEARED_USER_DATA, isUserDataReady, userDataFromView } from './user-data';

const view: UserView = {
  id: '6f1c1f0e-9a51-4a53-9a57-8f8a1d3d2c11',
  profile_id: '6f1c1f0e-9a51-4a53-9a57-8f8a1d3d2c11',
  profile_firstName: 'Ola',
  profile_lastName: 'Nordmann',
  profile_email: 'ola@example.no',
  profile_phone: null,
  profile_role: 'operator',
  profile_avatar: null,
  profile_createdAt: '2025-01-01T00:00:00.000Z',
  profile_disabledAt: null,
  settings_items_per_page: 20,
  settings_language: 'nb',
  settings_desktop_notifications: true,
  theme_configs_mode: 'light',
  theme_configs_theme_color: '#50CD89',
  user_configs_config: {},
  groups: [{ id: '0b5c3a3e-7a0c-4a43-8d8e-2b2b8f3c9e10', name: 'Teknikere', color: '#3366ff' }],
};

describe('user data', () => {
  it('splits the view row into profile, settings, config and groups', () => {
    const data = userDataFromView(view);
    expect(data.profile).toMatchObject({ firstName: 'Ola', role: 'operator' });
    expect(data.settings).toEqual({
      itemsPerPage: 20,
      language: 'nb',
      themeMode: 'light',
      themeColor: '#50CD89',
      desktopNotifications: true,
    });
    expect(data.config).toEqual({});
    expect(data.groups).toHaveLength(1);
  });

  it('is ready only when loading is off and profile, config and settings are there', () => {
    const loaded = { loading: false, ...userDataFromView(view) };
    expect(isUserDataReady(loaded)).toBe(true);
    expect(isUserDataReady({ ...loaded, loading: true })).toBe(false);
    expect(isUserDataReady({ ...loaded, profile: null })).toBe(false);
    expect(isUserDataReady({ ...loaded, config: null })).toBe(false);
    expect(isUserDataReady({ ...loaded, settings: null })).toBe(false);
  });

  it('is not ready once cleared', () => {
    expect(isUserDataReady(CLEARED_USER_DATA)).toBe(false);
    expect(CLEARED_USER_DATA).toMatchObject({ loading: true, profile: null, config: null, settings: null });
  });
});
