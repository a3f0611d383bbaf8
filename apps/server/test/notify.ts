import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client';
import { type NewNotificationEvent, recordNotificationEvents } from '../src/modules/notifications';
import { alertPayload } from './alert-payload';
import type { TestContext } from './helpers';

/** Records one critical `alert.opened` about a bay (or what `event` says) straight through the journal. */
export async function recordEvent(
  db: Db,
  at: { locationId: string; bayId: string },
  event: Partial<NewNotificationEvent> = {},
): Promise<number> {
  const [id] = await recordNotificationEvents(db, [
    {
      type: 'alert.opened',
      tag: 'critical',
      dedupeKey: `test:${randomUUID()}`,
      locationIds: [at.locationId],
      bayIds: [at.bayId],
      payload: alertPayload(at),
      suppressible: true,
      ...event,
    },
  ]);
  if (id === undefined) throw new Error('event not recorded');
  return id;
}

/** The addresses the outbox holds e-mails to about an event (or every event), sorted. */
export async function emailsTo(ctx: TestContext, eventId?: number): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ to: string }>(
    `select "to" from outbox where channel = 'email' and ($1::bigint is null or event_id = $1) order by lower("to")`,
    [eventId ?? null],
  );
  return rows.map((row) => row.to);
}

/** Adds a recipient straight in the database: `target` is `{user_id}`, `{group_id}` or `{name, email}`. */
export async function insertRecipient(
  ctx: TestContext,
  target: { user_id: string } | { group_id: string } | { name: string; email: string },
  settings: { tags: string[]; locationIds?: string[]; reminderMinutes?: number },
): Promise<string> {
  const kind = 'user_id' in target ? 'user' : 'group_id' in target ? 'group' : 'custom';
  const { rows } = await ctx.database.pool.query<{ id: string }>(
    `insert into notification_recipients (kind, user_id, group_id, name, email, tags, all_locations, reminder_minutes)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      kind,
      'user_id' in target ? target.user_id : null,
      'group_id' in target ? target.group_id : null,
      'name' in target ? target.name : null,
      'email' in target ? target.email : null,
      settings.tags,
      settings.locationIds === undefined,
      settings.reminderMinutes ?? 0,
    ],
  );
  const id = rows[0]?.id as string;
  for (const locationId of settings.locationIds ?? []) {
    await ctx.database.pool.query(
      'insert into notification_recipient_locations (recipient_id, location_id) values ($1, $2)',
      [id, locationId],
    );
  }
  return id;
}
