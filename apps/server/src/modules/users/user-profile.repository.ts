import type { Language, ThemeMode, UserView } from '@vaskedrift/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { themeConfigs, userConfigs, userSettings } from '../../db/schema';

type ViewRow = Omit<UserView, 'profile_createdAt' | 'profile_disabledAt'> & {
  profile_createdAt: Date | string;
  profile_disabledAt: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * One row of the view `v_users_data` (migration 0002), its columns and `settings_desktop_notifications`
 * (added to `user_settings` after the view, migration 0012), timestamps as ISO text.
 */
export async function findUserView(db: Db, id: string): Promise<UserView | undefined> {
  const result = await db.execute<ViewRow>(sql`
    select v.*, coalesce(s.desktop_notifications, false) as settings_desktop_notifications
    from v_users_data v left join user_settings s on s.user_id = v.id
    where v.id = ${id}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    ...row,
    profile_createdAt: iso(row.profile_createdAt),
    profile_disabledAt: row.profile_disabledAt === null ? null : iso(row.profile_disabledAt),
  };
}

/** Creates the user's settings row on first change; only the fields given are set. */
export async function upsertUserSettings(
  db: Db,
  userId: string,
  patch: {
    itemsPerPage?: number | undefined;
    language?: Language | undefined;
    desktopNotifications?: boolean | undefined;
  },
): Promise<void> {
  const set = {
    ...(patch.itemsPerPage !== undefined ? { itemsPerPage: patch.itemsPerPage } : {}),
    ...(patch.language !== undefined ? { language: patch.language } : {}),
    ...(patch.desktopNotifications !== undefined ? { desktopNotifications: patch.desktopNotifications } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: sql`now()` } });
}

export async function upsertThemeConfig(
  db: Db,
  userId: string,
  patch: { mode?: ThemeMode | undefined; themeColor?: string | undefined },
): Promise<void> {
  const set = {
    ...(patch.mode !== undefined ? { mode: patch.mode } : {}),
    ...(patch.themeColor !== undefined ? { themeColor: patch.themeColor } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .insert(themeConfigs)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: themeConfigs.userId, set: { ...set, updatedAt: sql`now()` } });
}

/** Merges the keys given into the user's config (jsonb `||`: top-level keys replaced, others kept). */
export async function mergeUserConfig(
  db: Db,
  userId: string,
  config: Record<string, unknown>,
): Promise<void> {
  const json = JSON.stringify(config);
  await db
    .insert(userConfigs)
    .values({ userId, config })
    .onConflictDoUpdate({
      target: userConfigs.userId,
      set: { config: sql`${userConfigs.config} || ${json}::jsonb`, updatedAt: sql`now()` },
    });
}

export async function findUserConfigSize(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(length(${userConfigs.config}::text), 0)::int` })
    .from(userConfigs)
    .where(eq(userConfigs.userId, userId));
  return row?.n ?? 0;
}
