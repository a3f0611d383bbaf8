import {
  authErrorSchema,
  authSessionSchema,
  idSchema,
  mfaChallengeResponseSchema,
  mfaEnrollResponseSchema,
  mfaRecoveryCodesSchema,
  mfaRecoveryCodesStatusSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';
import { noAuthorization } from './gotrue';
import type { MfaService } from './mfa.service';

const errors = {
  400: authErrorSchema,
  401: authErrorSchema,
  403: authErrorSchema,
  404: authErrorSchema,
  422: authErrorSchema,
  429: authErrorSchema,
};
const factorParams = z.object({ id: idSchema });

/**
 * TOTP factors under /auth/v1, as auth-js `mfa.enroll`, `challenge`, `verify` and `unenroll` call them.
 * These answer an aal1 session too: that is how a user with two-factor sign-in reaches aal2.
 */
export async function mfaRoutes(app: FastifyInstance, { auth, mfa }: { auth: AuthService; mfa: MfaService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const principalOf = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw noAuthorization();
    return auth.requireGoTruePrincipal(token);
  };

  r.post(
    '/factors',
    {
      schema: {
        tags: ['auth'],
        summary: 'Registrer en autentiseringsapp (TOTP): QR-kode og hemmelighet',
        body: z.looseObject({ factor_type: z.string().optional(), friendly_name: z.string().optional() }),
        response: { 200: mfaEnrollResponseSchema, ...errors },
      },
    },
    async (request) => mfa.enroll(await principalOf(request), request.body),
  );

  r.get(
    '/factors/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Hvor mange gjenopprettingskoder som er igjen (aldri kodene selv)',
        response: { 200: mfaRecoveryCodesStatusSchema, ...errors },
      },
    },
    async (request) => mfa.recoveryCodesStatus(await principalOf(request)),
  );

  r.post(
    '/factors/recovery-codes',
    {
      schema: {
        tags: ['auth'],
        summary: 'Lag engangskoder for gjenoppretting (vises bare nå; krever aal2 og fersk økt)',
        body: z.looseObject({ friendly_name: z.string().optional() }).nullish(),
        response: { 200: mfaRecoveryCodesSchema, ...errors },
      },
    },
    async (request) => mfa.createRecoveryCodes(await principalOf(request), 'create', request.ip),
  );

  r.post(
    '/factors/recovery-codes/regenerate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Lag nye gjenopprettingskoder; de gamle slutter å virke',
        response: { 200: mfaRecoveryCodesSchema, ...errors },
      },
    },
    async (request) => mfa.createRecoveryCodes(await principalOf(request), 'replace', request.ip),
  );

  r.post(
    '/factors/recovery-codes/verify',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Bruk en gjenopprettingskode i stedet for en tofaktorkode: økten løftes til aal2',
        body: z.looseObject({ code: z.string().optional() }),
        response: { 200: authSessionSchema, ...errors },
      },
    },
    async (request) => mfa.verifyRecoveryCode(await principalOf(request), request.body, request.ip),
  );

  r.post(
    '/factors/:id/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start en utfordring for faktoren (gyldig i 5 minutter)',
        params: factorParams,
        response: { 200: mfaChallengeResponseSchema, ...errors },
      },
    },
    async (request) => mfa.challenge(await principalOf(request), request.params.id, request.ip),
  );

  r.post(
    '/factors/:id/verify',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Bekreft en kode: økten løftes til aal2 og faktoren blir verifisert',
        params: factorParams,
        body: z.looseObject({ challenge_id: z.string().optional(), code: z.string().optional() }),
        response: { 200: authSessionSchema, ...errors },
      },
    },
    async (request) => mfa.verify(await principalOf(request), request.params.id, request.body, request.ip),
  );

  r.delete(
    '/factors/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Fjern en faktor (krever fersk økt, og aal2 for en verifisert faktor)',
        params: factorParams,
        response: { 200: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (request) => mfa.unenroll(await principalOf(request), request.params.id, request.ip),
  );
}
