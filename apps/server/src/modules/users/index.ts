// Users: their profiles, settings and the first superadmin.
export { ensureSuperadmin } from './bootstrap';
export { createUserSettingsService } from './user-settings.service';
export { findUserByEmail, findUserById, insertUser, updateUser } from './users.repository';
export { usersRoutes } from './users.routes';
export { createUsersService } from './users.service';
