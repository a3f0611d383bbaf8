import {
  type CreateRecipientInput,
  NOTIFICATION_MESSAGES as M,
  type Recipient,
  type UpdateRecipientInput,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import { existingGroupIds } from '../groups';
import {
  deleteRecipient,
  findRecipient,
  insertRecipient,
  listRecipients,
  liveLocationIds,
  type NewRecipient,
  type RecipientView,
  setRecipientLocations,
  updateRecipient,
  userExists,
} from './recipients.repository';

export type RecipientsService = ReturnType<typeof createRecipientsService>;

function toRecipient(row: RecipientView): Recipient {
  return {
    id: row.id,
    kind: row.kind,
    name: row.displayName,
    email: row.displayEmail,
    userId: row.userId,
    groupId: row.groupId,
    memberCount: row.memberCount,
    tags: row.tags as Recipient['tags'],
    reminderHours: row.reminderHours,
    reminderMinutes: row.reminderMinutes,
    allLocations: row.allLocations,
    locations: row.allLocations ? [] : row.locations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const invalid = (path: string, message: string) => new ValidationError(message, [{ path, message }]);
/**
 * The one recipient per user, group and address (unique indexes) says no to a second; a user or group
 * deleted since it was checked leaves nobody to notify.
 */
const refused = (err: unknown) => {
  if (isUniqueViolation(err)) throw new ConflictError(M.recipientExists);
  if (isForeignKeyViolation(err)) throw invalid('recipient', M.recipientRequired);
  throw err;
};

/** Who is notified of what (docs/domain.md, Notifications): admins only, which the routes check first. */
export function createRecipientsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(id: string): Promise<RecipientView> {
    const row = await findRecipient(db, id);
    if (!row) throw new NotFoundError(M.notFound);
    return row;
  }

  async function assertLocationsExist(locationIds: readonly string[]) {
    const found = await liveLocationIds(db, locationIds);
    const missing = locationIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw invalid(`locationIds.${missing}`, M.unknownLocation);
  }

  async function assertTargetExists(target: CreateRecipientInput['recipient']) {
    if (target.kind === 'user' && !(await userExists(db, target.userId))) {
      throw invalid('recipient.userId', M.unknownUser);
    }
    if (target.kind === 'group' && !(await existingGroupIds(db, [target.groupId])).has(target.groupId)) {
      throw invalid('recipient.groupId', M.unknownGroup);
    }
  }

  async function get(input: { id?: string | undefined; page: number; perPage: number; search?: string }) {
    if (input.id) return { data: toRecipient(await mustFind(input.id)) };
    const { rows, count } = await listRecipients(db, input);
    return { data: rows.map(toRecipient), count };
  }

  async function create(caller: Caller, input: CreateRecipientInput) {
    const target = input.recipient;
    await assertTargetExists(target);
    const locationIds = input.allLocations ? [] : input.locationIds;
    await assertLocationsExist(locationIds);
    const values: NewRecipient = {
      kind: target.kind,
      userId: target.kind === 'user' ? target.userId : null,
      groupId: target.kind === 'group' ? target.groupId : null,
      name: target.kind === 'custom' ? target.name : null,
      email: target.kind === 'custom' ? target.email : null,
      tags: input.tags,
      reminderHours: input.reminderHours,
      reminderMinutes: input.reminderMinutes,
      allLocations: input.allLocations,
    };
    const id = await db
      .transaction(async (tx) => {
        const inserted = await insertRecipient(tx, values);
        await setRecipientLocations(tx, inserted, locationIds);
        return inserted;
      })
      .catch(refused);
    const recipient = toRecipient(await mustFind(id));
    bus.publish('notification_recipient.created', {
      userId: caller.userId,
      ip: caller.ip,
      recipientId: id,
      kind: recipient.kind,
      name: recipient.name,
      tags: recipient.tags,
    });
    return { data: recipient, message: M.created };
  }

  async function update(caller: Caller, input: UpdateRecipientInput) {
    const { id, locationIds, ...rest } = input;
    const existing = await mustFind(id);
    const scope = rest.allLocations === true ? [] : locationIds;
    if (scope) await assertLocationsExist(scope);
    const patch: Partial<NewRecipient> = {};
    for (const [field, value] of Object.entries(rest)) {
      if (value !== undefined) Object.assign(patch, { [field]: value });
    }
    await db.transaction(async (tx) => {
      await updateRecipient(tx, id, patch);
      if (scope) await setRecipientLocations(tx, id, scope);
    });
    const fields = Object.keys(input).filter(
      (key) => key !== 'id' && input[key as keyof typeof input] !== undefined,
    );
    bus.publish('notification_recipient.updated', {
      userId: caller.userId,
      ip: caller.ip,
      recipientId: id,
      kind: existing.kind,
      name: existing.displayName,
      fields: fields.sort(),
    });
    return { data: toRecipient(await mustFind(id)), message: M.updated };
  }

  async function remove(caller: Caller, id: string) {
    const existing = await mustFind(id);
    if (!(await deleteRecipient(db, id))) throw new NotFoundError(M.notFound);
    bus.publish('notification_recipient.deleted', {
      userId: caller.userId,
      ip: caller.ip,
      recipientId: id,
      kind: existing.kind,
      name: existing.displayName,
    });
    return { data: { id }, message: M.deleted };
  }

  return { get, create, update, remove };
}
