// Sign-in (GoTrue-compatible), sessions, password recovery and two-factor.
export { deleteSessions, purgeExpiredRateLimits } from './auth.repository';
export { authRoutes } from './auth.routes';
export { type AuthService, createAuthService } from './auth.service';
export { deleteAllFactors, listFactors } from './mfa.repository';
export { createMfaService } from './mfa.service';
export { invalidateRecoveryTokens } from './recovery.repository';
export { createRecoveryService } from './recovery.service';
export { createTokenSigner } from './tokens';
