import type { PresenceRecord } from './presence-messages';

/**
 * Who is online (docs/decisions/020-realtime.md, Presence): on the live channel's socket,
 * a browser tab sends `presence_track` to be listed and again every 30 s; the server builds the tab's
 * record from the database, so a browser cannot announce someone else. `presence_sync` answers every
 * tracked tab on every instance.
 */
export const PRESENCE_CHANNEL = 'online-users';

/** Client → server messages. */
export const PRESENCE_CLIENT = {
  /** No body: list this tab (the first time) or refresh its last seen. Ack `{ok: true}` or `{ok: false, message}`. */
  track: 'presence_track',
  /** No body: ack `{presences: PresenceRecord[]}` (every tracked tab) or `{ok: false, message}`. */
  sync: 'presence_sync',
} as const;

/** Server → client messages, to the tracked tabs. */
export const PRESENCE_SERVER = {
  /** One `PresenceRecord`: a tab started being tracked. */
  join: 'presence_join',
  /** `{presence_ref, user_id}`: that tab went away. */
  leave: 'presence_leave',
} as const;

/** A tab announces itself again this often, and reads the whole list again. */
export const PRESENCE_REANNOUNCE_MS = 30_000;
/** A route change refreshes the tab's last seen at most this often. */
export const LAST_SEEN_THROTTLE_MS = 10_000;

/** A user who is online, however many tabs they have open. */
export type OnlineUser = Omit<PresenceRecord, 'presence_ref'> & { tabs: number };

/** One entry per user (their newest last seen, how many tabs), by name. */
export function groupPresences(records: Iterable<PresenceRecord>): OnlineUser[] {
  const byUser = new Map<string, OnlineUser>();
  for (const { presence_ref: _ref, ...record } of records) {
    const known = byUser.get(record.user_id);
    if (!known) byUser.set(record.user_id, { ...record, tabs: 1 });
    else {
      const newer = record.last_seen > known.last_seen ? record : known;
      byUser.set(record.user_id, { ...known, ...newer, tabs: known.tabs + 1 });
    }
  }
  return [...byUser.values()].sort(
    (a, b) => a.user_name.localeCompare(b.user_name, 'nb') || a.user_id.localeCompare(b.user_id),
  );
}
