import { DEFAULT_LANGUAGE } from './languages';
import { DEFAULT_ITEMS_PER_PAGE } from './paths';

/* A user's settings before they chose any, without zod for the app's first file (decision 040). */

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/** The layout's default (docs/domain.md, User data): dark, primary colour #50CD89. */
const DEFAULT_THEME_MODE: ThemeMode = 'dark';
const DEFAULT_THEME_COLOR = '#50CD89';

/** What the client keeps before it counts as "ready" (docs/domain.md, User data). */
export const DEFAULT_USER_SETTINGS = {
  itemsPerPage: DEFAULT_ITEMS_PER_PAGE,
  language: DEFAULT_LANGUAGE,
  themeMode: DEFAULT_THEME_MODE,
  themeColor: DEFAULT_THEME_COLOR,
  desktopNotifications: false,
} as const;
