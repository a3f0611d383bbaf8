import { z } from 'zod';
import { ROLES } from './roles';

/** Apart from `roles.ts` so that code which only needs the roles (the sign-in page) loads no zod. */
export const roleSchema = z.enum(ROLES, { error: 'Rolle er påkrevd' });
