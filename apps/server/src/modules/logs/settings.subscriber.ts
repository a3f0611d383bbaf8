import { LOG_TYPES } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { SettingsEvents } from '../../events/settings-events';
import { type LogEntries, subscribeLogEntries } from './mapped-entries';

const T = LOG_TYPES.settings;

const ENTRIES: LogEntries<SettingsEvents> = {
  'settings.updated': { type: T.update, extra: (e) => ({ changes: e.changes }) },
};

/** Writes every change of the system settings with who made it and each old and new value. */
export function subscribeSettingsLogs(bus: EventBus, db: Db): Array<() => void> {
  return subscribeLogEntries<keyof SettingsEvents>(bus, db, ENTRIES, () => ({
    resourceType: 'system_settings',
    resourceId: 'system',
    extraData: {},
  }));
}
