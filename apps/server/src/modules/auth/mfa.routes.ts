import {
  authErrorSchema,
  authSessionSchema,
  idSchema,
  mfaChallengeResponseSchema,
  mfaEnrollResponseSchema,
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
