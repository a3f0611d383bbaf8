import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import { countUsers, findUserByEmail, insertUser, updateUser } from './users.repository';

const DEFAULT_ADMIN_EMAIL = 'admin@vaskedrift.local';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD make sure that superadmin exists, enabled, with that password.
 * On an empty database without them, a superadmin gets a random password shown once.
 */
export async function ensureSuperadmin(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  log: Pick<Logger, 'info' | 'warn'>,
  announce: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  const { adminEmail, adminPassword } = config;
  if (adminEmail && adminPassword) {
    const existing = await findUserByEmail(db, adminEmail);
    if (!existing) {
      await insertUser(db, {
        email: adminEmail,
        passwordHash: await hashPassword(adminPassword),
        firstName: 'Super',
        lastName: 'Admin',
        role: 'superadmin',
      });
      log.info({ email: adminEmail }, 'superadmin opprettet fra ADMIN_EMAIL');
      return;
    }
    const passwordMatches = await verifyPassword(existing.passwordHash, adminPassword);
    if (existing.role !== 'superadmin' || existing.disabledAt || !passwordMatches) {
      await updateUser(db, existing.id, {
        role: 'superadmin',
        disabledAt: null,
        ...(passwordMatches ? {} : { passwordHash: await hashPassword(adminPassword) }),
      });
      log.info({ email: adminEmail }, 'superadmin oppdatert fra ADMIN_EMAIL');
    }
    return;
  }
  if ((await countUsers(db)) > 0) return;
  const password = randomToken(12);
  const created = await insertUser(db, {
    email: DEFAULT_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    firstName: 'Super',
    lastName: 'Admin',
    role: 'superadmin',
  });
  if (!created) return; // another instance starting at the same moment won
  announce(
    `\n  Første superadmin er opprettet. Passordet vises bare denne ene gangen:\n` +
      `    e-post:  ${DEFAULT_ADMIN_EMAIL}\n    passord: ${password}\n\n`,
  );
}
