import { z } from 'zod';
import { type Denial, PERMISSION_CODES, PERMISSION_MESSAGES } from './permissions';
import { ROLE_LEVELS, type Role, roleLevel } from './roles';

/**
 * System settings (docs/decisions/025-system-settings.md): one row in PostgreSQL, read by every server
 * instance through a short cache. The environment variables of the same names give the defaults.
 */
export const SYSTEM_SETTINGS_LIMITS = {
  failureThreshold: { min: 1, max: 100 },
  rawRetentionHours: { min: 1, max: 24 * 90 },
  minuteRetentionDays: { min: 1, max: 365 },
  hourRetentionDays: { min: 1, max: 3650 },
  checkLogRetentionDays: { min: 1, max: 365 },
  escalationMinutes: { min: 1, max: 10_080 },
  predictionHorizonMinutes: { min: 5, max: 1440 },
} as const;

/** Default minutes ahead a predicted crossing is notified (`prediction`, docs/domain.md, Foresight). */
export const DEFAULT_PREDICTION_HORIZON_MINUTES = 60;

export type SystemSettingKey = keyof typeof SYSTEM_SETTINGS_LIMITS;
export const SYSTEM_SETTING_KEYS = Object.keys(SYSTEM_SETTINGS_LIMITS) as readonly SystemSettingKey[];

const SYSTEM_SETTINGS_MESSAGES = {
  failureThreshold: 'Feilterskelen må være et heltall fra 1 til 100',
  rawRetentionHours: 'Rådata må beholdes i 1 til 2 160 timer',
  minuteRetentionDays: 'Minuttverdier må beholdes i 1 til 365 dager',
  hourRetentionDays: 'Timeverdier må beholdes i 1 til 3 650 dager',
  checkLogRetentionDays: 'Sjekkloggen må beholdes i 1 til 365 dager',
  escalationMinutes: 'Eskaleringen må komme etter 1 til 10 080 minutter',
  predictionHorizonMinutes: 'Varselet om en forventet terskel må komme 5 til 1 440 minutter før',
  minuteAfterRaw: 'Minuttverdier må beholdes minst like lenge som rådata',
  hourAfterMinute: 'Timeverdier må beholdes minst like lenge som minuttverdier',
  nothingToChange: 'Ingen innstillinger å endre',
} as const;

const setting = (key: SystemSettingKey) => {
  const { min, max } = SYSTEM_SETTINGS_LIMITS[key];
  const message = SYSTEM_SETTINGS_MESSAGES[key];
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const systemSettingsSchema = z.object({
  /** Failed checks in a row before an API without its own threshold counts as down. */
  failureThreshold: setting('failureThreshold'),
  /** Raw readings are kept this many hours, minute rollups and hour rollups this many days. */
  rawRetentionHours: setting('rawRetentionHours'),
  minuteRetentionDays: setting('minuteRetentionDays'),
  hourRetentionDays: setting('hourRetentionDays'),
  /** Every check's log row is kept this many days. */
  checkLogRetentionDays: setting('checkLogRetentionDays'),
  /** Minutes a critical alert may stay unacknowledged before `escalation` recipients are told. */
  escalationMinutes: setting('escalationMinutes'),
  /** Minutes ahead: a crossing expected sooner is told to `prediction` recipients (docs/domain.md, Foresight). */
  predictionHorizonMinutes: setting('predictionHorizonMinutes'),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const systemSettingsResponseSchema = systemSettingsSchema.extend({
  /** When and by whom the row was last changed; null while every value is still the default. */
  updatedAt: z.string().nullable(),
  updatedBy: z.uuid().nullable(),
});
export type SystemSettingsResponse = z.infer<typeof systemSettingsResponseSchema>;

/** Readings older than a rollup's span are gone: each coarser rollup must outlive the finer one. */
export function settingsOrderIssues(s: SystemSettings): Array<{ path: SystemSettingKey; message: string }> {
  const issues: Array<{ path: SystemSettingKey; message: string }> = [];
  if (s.minuteRetentionDays * 24 < s.rawRetentionHours) {
    issues.push({ path: 'minuteRetentionDays', message: SYSTEM_SETTINGS_MESSAGES.minuteAfterRaw });
  }
  if (s.hourRetentionDays < s.minuteRetentionDays) {
    issues.push({ path: 'hourRetentionDays', message: SYSTEM_SETTINGS_MESSAGES.hourAfterMinute });
  }
  return issues;
}

/** `PATCH backend/settings/update`: any of the settings; the order of the retentions is checked on the whole. */
export const updateSystemSettingsSchema = systemSettingsSchema
  .partial()
  .refine(
    (input) => Object.values(input).some((v) => v !== undefined),
    SYSTEM_SETTINGS_MESSAGES.nothingToChange,
  );
export type UpdateSystemSettingsInput = z.infer<typeof updateSystemSettingsSchema>;

const FORBIDDEN: Denial = { code: PERMISSION_CODES.forbidden, message: PERMISSION_MESSAGES.forbidden };

/** Reading the system settings: admins and superadmins (they see what the retention does to their data). */
export function systemSettingsReadDenial(actor: { role: Role }): Denial | null {
  return roleLevel(actor.role) >= ROLE_LEVELS.admin ? null : FORBIDDEN;
}

/** Changing them: superadmins only; retention deletes data of every facility, admins included. */
export function systemSettingsUpdateDenial(actor: { role: Role }): Denial | null {
  return actor.role === 'superadmin' ? null : FORBIDDEN;
}

/** The whole form of the settings page: each value within its limits, the retentions in order. */
export const systemSettingsFormSchema = systemSettingsSchema.superRefine((value, ctx) => {
  for (const issue of settingsOrderIssues(value)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
});
