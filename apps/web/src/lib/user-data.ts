import {
  DEFAULT_USER_SETTINGS,
  type GroupRef,
  type Language,
  type Role,
  type ThemeMode,
  type UserView,
} from '@vaskedrift/shared';

/** The user data held in the client (docs/domain.md, User data), read from one `v_users_data` row. */
interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: Role;
  avatar: string | null;
  createdAt: string;
  disabledAt: string | null;
}

export interface UserSettings {
  itemsPerPage: number;
  language: Language;
  themeMode: ThemeMode;
  themeColor: string;
  desktopNotifications: boolean;
}

type UserConfig = Record<string, unknown>;

export interface UserData {
  loading: boolean;
  profile: UserProfile | null;
  config: UserConfig | null;
  settings: UserSettings | null;
  groups: GroupRef[];
}

/** Cleared: everything empty and loading again (the state before a sign-in has loaded its data). */
export const CLEARED_USER_DATA: UserData = {
  loading: true,
  profile: null,
  config: null,
  settings: null,
  groups: [],
};

export function userDataFromView(view: UserView): Omit<UserData, 'loading'> {
  return {
    profile: {
      id: view.profile_id,
      firstName: view.profile_firstName,
      lastName: view.profile_lastName,
      email: view.profile_email,
      phone: view.profile_phone,
      role: view.profile_role,
      avatar: view.profile_avatar,
      createdAt: view.profile_createdAt,
      disabledAt: view.profile_disabledAt,
    },
    config: view.user_configs_config,
    settings: {
      itemsPerPage: view.settings_items_per_page || DEFAULT_USER_SETTINGS.itemsPerPage,
      language: view.settings_language,
      themeMode: view.theme_configs_mode,
      themeColor: view.theme_configs_theme_color,
      desktopNotifications: view.settings_desktop_notifications,
    },
    groups: view.groups,
  };
}

const present = (value: object | null): boolean => value != null && Object.keys(value).length > 0;

/**
 * Ready only when loading is off and profile, config and settings are all non-empty (docs/domain.md). An
 * empty config object counts as present: it is what a new user has, and it is the row the view answered.
 */
export function isUserDataReady(data: UserData): boolean {
  return !data.loading && present(data.profile) && data.config != null && present(data.settings);
}
