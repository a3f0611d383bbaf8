import type { SystemSettingKey } from '@vaskedrift/shared';
import type { Actor } from './actor';

/** A superadmin changed system settings: each changed setting with its old and new value. */
export type SettingsEvents = {
  'settings.updated': Actor & { changes: Partial<Record<SystemSettingKey, { from: number; to: number }>> };
};
