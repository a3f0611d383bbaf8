import type { LogType } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { DomainEvents } from '../../events/domain-events';
import { insertLog } from './logs.repository';

/** How each event of a group reads in the audit log: its type and the facts of its own. */
export type LogEntries<E> = {
  [K in keyof E]: { type: LogType; extra: (e: E[K]) => Record<string, unknown> };
};

/** The events that say who did them (null: the server itself). */
type LoggedEvent = {
  [K in keyof DomainEvents]: DomainEvents[K] extends { userId: string | null; ip: string | null } ? K : never;
}[keyof DomainEvents];

/**
 * Writes a group of events to the audit log: `entries` maps each one (typed over the group's event map, so
 * a new event fails `tsc` until it has a line), `about` gives what every event of the group is about.
 */
export function subscribeLogEntries<K extends LoggedEvent>(
  bus: EventBus,
  db: Db,
  entries: LogEntries<Pick<DomainEvents, K>>,
  about: (e: DomainEvents[K]) => {
    resourceType: string;
    resourceId: string;
    extraData: Record<string, unknown>;
  },
): Array<() => void> {
  return (Object.keys(entries) as K[]).map((event) =>
    bus.on(event, (e: DomainEvents[K]) => {
      const entry = entries[event] as {
        type: LogType;
        extra: (e: DomainEvents[K]) => Record<string, unknown>;
      };
      const { resourceType, resourceId, extraData } = about(e);
      const actor = e as { userId: string | null; ip: string | null };
      return insertLog(db, {
        type: entry.type,
        resourceType,
        resourceId,
        userId: actor.userId,
        ip: actor.ip,
        extraData: { ...extraData, ...entry.extra(e) },
      });
    }),
  );
}
