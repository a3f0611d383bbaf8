// System settings: the failure threshold, retention and escalation delay, stored once for every instance.
export { settingsRoutes } from './settings.routes';
export {
  createSystemSettings,
  type SystemSettingsReader,
  type SystemSettingsService,
} from './settings.service';
