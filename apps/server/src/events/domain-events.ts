import type { Role } from '@vaskedrift/shared';
import type { Actor } from './actor';
import type { DataSourceEvents } from './data-source-events';
import type { EngineEvents } from './engine-events';
import type { LocationEvents } from './location-events';
import type { MaintenanceEvents } from './maintenance-events';
import type { NotificationEvents } from './notification-events';
import type { PeopleEvents } from './people-events';
import type { SettingsEvents } from './settings-events';
import type { WebPushEvents } from './web-push-events';
import type { WebhookEvents } from './webhook-events';

/** Every domain event and its payload. Adding one here is how a feature announces a change. */
export type DomainEvents = {
  'auth.signed_in': Actor & { sessionId: string; email: string; role: Role };
  'auth.signed_out': Actor & { sessionId: string; scope: 'local' | 'global' | 'others' };
  'auth.session_revoked': { userId: string; sessionId: string; reason: 'refresh_token_reused' };
} & PeopleEvents &
  LocationEvents &
  EngineEvents &
  MaintenanceEvents &
  NotificationEvents &
  WebhookEvents &
  WebPushEvents &
  DataSourceEvents &
  SettingsEvents;
