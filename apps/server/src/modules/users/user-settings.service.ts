import {
  MAX_USER_CONFIG_BYTES,
  SETTINGS_MESSAGES,
  type UpdateUserConfigInput,
  type UpdateUserSettingsInput,
  USER_MESSAGES,
  type UserView,
  userUpdateDenial,
  userViewDenial,
} from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { Caller } from '../../plugins/authenticate';
import { personOf, refuseIfDenied } from '../../plugins/authorize';
import {
  findUserConfigSize,
  findUserView,
  mergeUserConfig,
  upsertThemeConfig,
  upsertUserSettings,
} from './user-profile.repository';
import { findUserById } from './users.repository';

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;

/**
 * A user's settings, theme and config: their own to change, or an admin's for users at or below their
 * level. Answers the whole `v_users_data` row, so the web app refreshes its user data from one reply.
 */
export function createUserSettingsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function allowedTarget(caller: Caller, id: string | undefined) {
    const targetId = id ?? caller.userId;
    refuseIfDenied(userViewDenial(personOf(caller), targetId));
    const target = await findUserById(db, targetId);
    if (!target) throw new NotFoundError(USER_MESSAGES.notFound);
    refuseIfDenied(userUpdateDenial(personOf(caller), target, {}));
    return target;
  }

  async function answer(caller: Caller, targetId: string, fields: string[]): Promise<UserView> {
    // Changing one's own theme is not an admin change; changing someone else's settings is logged.
    if (targetId !== caller.userId && fields.length > 0) {
      bus.publish('users.settings_updated', { userId: caller.userId, ip: caller.ip, targetId, fields });
    }
    const view = await findUserView(db, targetId);
    if (!view) throw new NotFoundError(USER_MESSAGES.notFound);
    return view;
  }

  async function updateSettings(caller: Caller, input: UpdateUserSettingsInput): Promise<UserView> {
    const target = await allowedTarget(caller, input.id);
    await db.transaction(async (tx) => {
      await upsertUserSettings(tx, target.id, {
        itemsPerPage: input.itemsPerPage,
        language: input.language,
        desktopNotifications: input.desktopNotifications,
      });
      await upsertThemeConfig(tx, target.id, { mode: input.themeMode, themeColor: input.themeColor });
    });
    const fields = Object.keys(input).filter((key) => key !== 'id');
    return answer(caller, target.id, fields);
  }

  async function updateConfig(caller: Caller, input: UpdateUserConfigInput): Promise<UserView> {
    const target = await allowedTarget(caller, input.id);
    await db.transaction(async (tx) => {
      await mergeUserConfig(tx, target.id, input.config);
      // Merging many small changes must not grow the config past the limit either.
      if ((await findUserConfigSize(tx, target.id)) > MAX_USER_CONFIG_BYTES) {
        throw new ValidationError(SETTINGS_MESSAGES.configTooLarge, [
          { path: 'config', message: SETTINGS_MESSAGES.configTooLarge },
        ]);
      }
    });
    return answer(caller, target.id, ['config']);
  }

  return { updateSettings, updateConfig };
}
