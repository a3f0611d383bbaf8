import { z } from 'zod';
import { idSchema } from './api';
import { jsonBounds } from './json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { MAX_ITEMS_PER_PAGE } from './paths';
import { THEME_MODES } from './user-defaults';
import { colorSchema } from './validation';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** Each language named in itself, as a language menu shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  nb: 'Norsk (bokmål)',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
};

export const SETTINGS_MESSAGES = {
  itemsPerPage: `Antall per side må være et tall fra 1 til ${MAX_ITEMS_PER_PAGE}`,
  language: 'Ukjent språk',
  themeMode: 'Velg lys, mørk eller system',
  configTooLarge: 'Konfigurasjonen er for stor',
  desktopNotifications: 'Skrivebordsvarsler må være på eller av',
} as const;

export const languageSchema = z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.language });
export const themeModeSchema = z.enum(THEME_MODES, { error: SETTINGS_MESSAGES.themeMode });
const itemsPerPageSchema = z
  .number({ error: SETTINGS_MESSAGES.itemsPerPage })
  .int(SETTINGS_MESSAGES.itemsPerPage)
  .min(1, SETTINGS_MESSAGES.itemsPerPage)
  .max(MAX_ITEMS_PER_PAGE, SETTINGS_MESSAGES.itemsPerPage);

/**
 * `PATCH backend/users/settings/update`: per-user settings and theme in one call. Every field is
 * optional (only those given change); `id` defaults to the signed-in user.
 */
export const updateUserSettingsSchema = z.object({
  id: idSchema.optional(),
  itemsPerPage: itemsPerPageSchema.optional(),
  language: languageSchema.optional(),
  themeMode: themeModeSchema.optional(),
  themeColor: colorSchema.optional(),
  /** Desktop notifications while the app is open (desktop-notifications.ts); off by default. */
  desktopNotifications: z.boolean({ error: SETTINGS_MESSAGES.desktopNotifications }).optional(),
});
export type UpdateUserSettingsInput = z.infer<typeof updateUserSettingsSchema>;

/** Largest user config kept, as JSON text. The web app's own preferences fit many times over. */
export const MAX_USER_CONFIG_BYTES = 32 * 1024;

/**
 * `PATCH backend/users/configs/update`: free JSON kept for the web app. The keys given replace those
 * stored (a shallow merge); a key set to null stays null. `id` defaults to the signed-in user.
 */
export const updateUserConfigSchema = z.object({
  id: idSchema.optional(),
  config: z.record(z.string(), z.unknown()).check(
    jsonBounds({
      label: 'Konfigurasjonen',
      maxLength: MAX_USER_CONFIG_BYTES,
      tooLargeMessage: SETTINGS_MESSAGES.configTooLarge,
    }),
  ),
});
export type UpdateUserConfigInput = z.infer<typeof updateUserConfigSchema>;
