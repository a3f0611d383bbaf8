import { authErrorSchema, authSessionSchema, authUserSchema } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../plugins/authenticate';
import type { AuthService } from './auth.service';
import { noAuthorization } from './gotrue';
import type { RecoveryService } from './recovery.service';

const errors = {
  400: authErrorSchema,
  401: authErrorSchema,
  403: authErrorSchema,
  422: authErrorSchema.extend({ weak_password: z.object({ reasons: z.array(z.string()) }).optional() }),
  429: authErrorSchema,
};

/**
 * Password recovery under /auth/v1, as auth-js calls it: `resetPasswordForEmail` → POST /recover,
 * `verifyOtp({type: 'recovery', token_hash})` → POST /verify, `updateUser({password})` → PUT /user.
 * Registered inside authRoutes, so GoTrue's error shape and JSON handling apply.
 */
export async function recoveryRoutes(
  app: FastifyInstance,
  { auth, recovery }: { auth: AuthService; recovery: RecoveryService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  r.post(
    '/recover',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Send en lenke for å tilbakestille passordet (samme svar om e-posten finnes eller ikke)',
        body: z.looseObject({ email: z.string().optional() }),
        response: { 200: z.object({}), ...errors },
      },
    },
    (request) => recovery.requestRecovery(request.body, meta(request)),
  );

  r.post(
    '/verify',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Bruk lenken fra e-posten (type recovery, token_hash): gir en økt for å velge nytt passord',
        body: z.looseObject({ type: z.string().optional(), token_hash: z.string().optional() }),
        response: { 200: authSessionSchema, ...errors },
      },
    },
    (request) => recovery.verifyRecovery(request.body, meta(request)),
  );

  r.put(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sett nytt passord for den innloggede brukeren; avslutter brukerens andre økter',
        body: z.looseObject({ password: z.string().optional() }),
        response: { 200: authUserSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw noAuthorization();
      const principal = await auth.requireGoTruePrincipal(token);
      return recovery.updateOwnUser(principal, request.body, request.ip);
    },
  );
}
