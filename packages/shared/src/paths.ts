// Without zod, so the sign-in page can import them without loading every schema.
export const API_BASE = '/api/v1';
export const AUTH_BASE = '/auth/v1';
