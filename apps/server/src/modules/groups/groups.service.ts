import {
  type CreateGroupInput,
  GROUP_ERROR_CODES,
  GROUP_MESSAGES,
  type Group,
  type GroupDetail,
  type GroupGetInput,
  type UpdateGroupInput,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/violations';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import {
  countMembers,
  deleteGroup,
  existingUserIds,
  findGroup,
  type GroupWithCount,
  groupNameTaken,
  insertGroup,
  listGroups,
  listMembers,
  lockGroup,
  setGroupMembers,
  updateGroup,
} from './groups.repository';

export type GroupsService = ReturnType<typeof createGroupsService>;

function toGroup(row: GroupWithCount): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    config: { color: row.config.color },
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const inUse = () => new ConflictError(GROUP_MESSAGES.inUse, GROUP_ERROR_CODES.inUse);
const nameTaken = () => new ConflictError(GROUP_MESSAGES.nameTaken, GROUP_ERROR_CODES.nameTaken);

/** Groups of users (for notifications): admins only, which the routes check before anything else. */
export function createGroupsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function assertMembersExist(userIds: readonly string[]) {
    const found = await existingUserIds(db, userIds);
    const missing = userIds.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new ValidationError(GROUP_MESSAGES.unknownMember, [
        { path: `members.${missing}`, message: GROUP_MESSAGES.unknownMember },
      ]);
    }
  }

  async function detail(id: string): Promise<GroupDetail> {
    const row = await findGroup(db, id);
    if (!row) throw new NotFoundError(GROUP_MESSAGES.notFound);
    return { ...toGroup(row), members: await listMembers(db, id) };
  }

  async function get(input: GroupGetInput) {
    if (input.id) return { data: await detail(input.id) };
    const { rows, count } = await listGroups(db, input);
    return { data: rows.map(toGroup), count };
  }

  async function create(caller: Caller, input: CreateGroupInput): Promise<GroupDetail> {
    await assertMembersExist(input.members);
    if (await groupNameTaken(db, input.name)) throw nameTaken();
    const group = await db.transaction(async (tx) => {
      const row = await insertGroup(tx, {
        name: input.name,
        description: input.description,
        config: { color: input.config.color },
      });
      await setGroupMembers(tx, row.id, input.members);
      return row;
    });
    bus.publish('groups.created', {
      userId: caller.userId,
      ip: caller.ip,
      groupId: group.id,
      name: group.name,
      members: input.members,
    });
    return detail(group.id);
  }

  async function update(caller: Caller, input: UpdateGroupInput): Promise<GroupDetail> {
    const existing = await findGroup(db, input.id);
    if (!existing) throw new NotFoundError(GROUP_MESSAGES.notFound);
    if (input.members) await assertMembersExist(input.members);
    if (input.name !== undefined && (await groupNameTaken(db, input.name, existing.id))) throw nameTaken();
    await db.transaction(async (tx) => {
      await updateGroup(tx, existing.id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.config !== undefined && { config: { color: input.config.color } }),
      });
      if (input.members) await setGroupMembers(tx, existing.id, input.members);
    });
    const fields = Object.keys(input).filter((key) => key !== 'id');
    bus.publish('groups.updated', {
      userId: caller.userId,
      ip: caller.ip,
      groupId: existing.id,
      name: input.name ?? existing.name,
      fields,
    });
    return detail(existing.id);
  }

  /** Refused while the group has members ('Gruppen er i bruk'): remove them first, on purpose. */
  async function remove(caller: Caller, id: string): Promise<{ id: string }> {
    const name = await db
      .transaction(async (tx) => {
        const group = await lockGroup(tx, id);
        if (!group) throw new NotFoundError(GROUP_MESSAGES.notFound);
        if ((await countMembers(tx, id)) > 0) throw inUse();
        await deleteGroup(tx, id);
        return group.name;
      })
      .catch((err: unknown) => {
        // A member added by a concurrent request: the foreign key (ON DELETE RESTRICT) says no.
        if (isForeignKeyViolation(err)) throw inUse();
        throw err;
      });
    bus.publish('groups.deleted', { userId: caller.userId, ip: caller.ip, groupId: id, name });
    return { id };
  }

  return { get, create, update, remove };
}
