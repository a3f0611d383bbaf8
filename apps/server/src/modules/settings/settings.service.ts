import {
  DEFAULT_FAILURE_THRESHOLD,
  DEFAULT_PREDICTION_HORIZON_MINUTES,
  SYSTEM_SETTING_KEYS,
  type SystemSettingKey,
  type SystemSettings,
  type SystemSettingsResponse,
  settingsOrderIssues,
  systemSettingsReadDenial,
  systemSettingsUpdateDenial,
  type UpdateSystemSettingsInput,
} from '@vaskedrift/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { ValidationError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import { refuseIfDenied } from '../../plugins/authorize';
import { findStoredSettings, type StoredSettings, saveSettings } from './settings.repository';

/**
 * How long an instance trusts what it read. Several instances share one database and only the one that
 * saved a change drops its cache at once: the others follow within this time (decision 025).
 */
export const SETTINGS_CACHE_MS = 15_000;

/** What the configuration (environment variables) says: the value of every setting never saved. */
function settingsDefaults(config: Pick<Config, 'checks' | 'readings' | 'notifications'>): SystemSettings {
  return {
    failureThreshold: DEFAULT_FAILURE_THRESHOLD,
    rawRetentionHours: config.readings.rawRetentionHours,
    minuteRetentionDays: config.readings.minuteRetentionDays,
    hourRetentionDays: config.readings.hourRetentionDays,
    checkLogRetentionDays: config.checks.logRetentionDays,
    escalationMinutes: config.notifications.escalationMinutes,
    predictionHorizonMinutes: DEFAULT_PREDICTION_HORIZON_MINUTES,
  };
}

function merged(defaults: SystemSettings, row: StoredSettings | undefined): SystemSettings {
  const out = { ...defaults };
  for (const key of SYSTEM_SETTING_KEYS) {
    const stored = row?.[key];
    if (stored != null) out[key] = stored;
  }
  return out;
}

/**
 * The system settings: `current()` for the server's own loops (escalation, checks, housekeeping; cached
 * for SETTINGS_CACHE_MS), `get` and `update` for the API (superadmin changes, admins read).
 */
export function createSystemSettings({
  db,
  loopDb = db,
  bus,
  config,
  now = () => Date.now(),
}: {
  db: Db;
  /**
   * Where `current()` reads: the engine's pool in a server (decision 029), so a check never waits behind
   * API requests for its failure threshold when the cache has run out.
   */
  loopDb?: Db;
  bus: EventBus;
  config: Pick<Config, 'checks' | 'readings' | 'notifications'>;
  now?: () => number;
}) {
  const defaults = settingsDefaults(config);
  let cached: { at: number; value: Promise<SystemSettings> } | null = null;

  async function read(from = db): Promise<{ settings: SystemSettings; row: StoredSettings | undefined }> {
    const row = await findStoredSettings(from);
    return { settings: merged(defaults, row), row };
  }

  /** The settings in force, at most SETTINGS_CACHE_MS old; a failed read is not cached. */
  function current(): Promise<SystemSettings> {
    const at = now();
    // A clock set back makes the age negative: read again rather than keep the entry until it catches up.
    const age = cached ? at - cached.at : -1;
    if (cached && age >= 0 && age < SETTINGS_CACHE_MS) return cached.value;
    const value = read(loopDb).then((r) => r.settings);
    cached = { at, value };
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
    return value;
  }

  function respond(settings: SystemSettings, row: StoredSettings | undefined): SystemSettingsResponse {
    return {
      ...settings,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  async function get(viewer: Viewer): Promise<SystemSettingsResponse> {
    refuseIfDenied(systemSettingsReadDenial(viewer));
    const { settings, row } = await read();
    return respond(settings, row);
  }

  async function update(caller: Caller, input: UpdateSystemSettingsInput): Promise<SystemSettingsResponse> {
    refuseIfDenied(systemSettingsUpdateDenial(caller));
    const before = (await read()).settings;
    const next = { ...before };
    for (const key of SYSTEM_SETTING_KEYS) {
      const value = input[key];
      if (value !== undefined) next[key] = value;
    }
    const issues = settingsOrderIssues(next);
    if (issues.length > 0) throw new ValidationError(issues[0]?.message ?? '', issues);
    const changes: Partial<Record<SystemSettingKey, { from: number; to: number }>> = {};
    const saved: Partial<SystemSettings> = {};
    for (const key of SYSTEM_SETTING_KEYS) {
      const value = input[key];
      if (value === undefined) continue;
      saved[key] = value;
      if (value !== before[key]) changes[key] = { from: before[key], to: value };
    }
    const row = await saveSettings(db, saved, caller.userId);
    cached = null;
    if (Object.keys(changes).length > 0) {
      bus.publish('settings.updated', { userId: caller.userId, ip: caller.ip, changes });
    }
    return respond(merged(defaults, row), row);
  }

  return { current, get, update };
}

export type SystemSettingsService = ReturnType<typeof createSystemSettings>;
/** What other modules are given (through the composition files): the settings in force. */
export type SystemSettingsReader = Pick<SystemSettingsService, 'current'>;
