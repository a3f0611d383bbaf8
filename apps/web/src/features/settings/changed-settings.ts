import { SYSTEM_SETTING_KEYS, type SystemSettings } from '@vaskedrift/shared';

/** The settings of an answer, without when and by whom: the form's values. */
export function settingsOf(answer: SystemSettings): SystemSettings {
  return Object.fromEntries(SYSTEM_SETTING_KEYS.map((key) => [key, answer[key]])) as SystemSettings;
}

/** The settings that differ from what was loaded: the update sends only those (the log shows only those). */
export function changedSettings(initial: SystemSettings, values: SystemSettings): Partial<SystemSettings> {
  return Object.fromEntries(
    SYSTEM_SETTING_KEYS.filter((key) => values[key] !== initial[key]).map((key) => [key, values[key]]),
  );
}
