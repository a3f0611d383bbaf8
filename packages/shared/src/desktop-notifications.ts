import { z } from 'zod';

/**
 * Desktop notifications (docs/decisions/019-notifications.md, Desktop): the dispatcher sends one
 * `notification` message (`REALTIME_SERVER.notification`) to each signed-in recipient who turned the setting
 * on; the browser shows it as a system notification while a tab of the app is open. Not durable: a user with
 * no tab open is not told this way (e-mail is the durable channel).
 */
export const desktopNotificationSchema = z.object({
  /** The notification event's id: the browser's `tag` is `vaskedrift-<id>`, so tabs show it once. */
  id: z.number().int(),
  /** Norwegian, short: 'Kritisk: Vask Bryn – Hall 1'. */
  title: z.string(),
  body: z.string(),
  /** The attribute level of an alert (`critical`, `warning`, …); absent for other events. */
  level: z.string().optional(),
  bayId: z.string().optional(),
  locationId: z.string().optional(),
  /** Where a click leads, a path of the app (`/locations/<id>/bays/<id>`). */
  url: z.string().startsWith('/'),
});
export type DesktopNotification = z.infer<typeof desktopNotificationSchema>;

/** The Web Locks name the tabs of one browser contend for: its holder alone shows notifications. */
export const DESKTOP_NOTIFICATIONS_LOCK = 'vaskedrift-desktop-notifications';
export const desktopNotificationTag = (id: number) => `vaskedrift-${id}`;
