// System settings: the failure threshold, retention and escalation delay, stored once for every instance.
export { settingsRoutes } from './settings.routes';
export {
  createSystemSettings,
  SETTINGS_CACHE_MS,
  type SystemSettingsReader,
  type SystemSettingsService,
} from './settings.service';
