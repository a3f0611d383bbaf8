import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The theme menu's choices, stored as Metronic does ('system' rather than Mantine's 'auto'). */
export type ThemeMode = 'light' | 'dark' | 'system';

const THEME_MODE_KEY = 'kt_theme_mode_value';
const THEME_MENU_KEY = 'kt_theme_mode_menu';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'dark';

export function toThemeMode(scheme: MantineColorScheme): ThemeMode {
  return scheme === 'auto' ? 'system' : scheme;
}

export function toColorScheme(mode: string | null): MantineColorScheme | null {
  if (mode === 'light' || mode === 'dark') return mode;
  if (mode === 'system') return 'auto';
  return null;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Mantine colour-scheme manager that keeps the chosen mode under the `kt_` keys, synced across tabs. */
export function ktColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => toColorScheme(read(THEME_MODE_KEY)) ?? defaultValue,
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_MODE_KEY, toThemeMode(value));
        window.localStorage.setItem(THEME_MENU_KEY, toThemeMode(value));
      } catch {
        // Storage may be full or blocked: the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea !== window.localStorage || event.key !== THEME_MODE_KEY) return;
        const scheme = toColorScheme(event.newValue);
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_MODE_KEY);
        window.localStorage.removeItem(THEME_MENU_KEY);
      } catch {
        // Nothing stored to clear.
      }
    },
  };
}
