import { authErrorSchema, authSessionSchema, authUserSchema } from '@vaskedrift/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_FAULT_MESSAGES, databaseFaultOf } from '../../db/health';
import { bearerToken } from '../../plugins/authenticate';
import { clientFailureOf } from '../../plugins/errors';
import { registerJsonBodyParser } from '../../plugins/json-body';
import type { AuthService } from './auth.service';
import { GoTrueError, goTrueCodeOf, noAuthorization, validationFailed } from './gotrue';
import { mfaRoutes } from './mfa.routes';
import type { MfaService } from './mfa.service';
import { recoveryRoutes } from './recovery.routes';
import type { RecoveryService } from './recovery.service';

const errors = { 400: authErrorSchema, 401: authErrorSchema, 403: authErrorSchema, 429: authErrorSchema };

/** The GoTrue-compatible subset under /auth/v1 (decision 002), answering in GoTrue's error shape. */
export async function authRoutes(
  app: FastifyInstance,
  { auth, recovery, mfa }: { auth: AuthService; recovery: RecoveryService; mfa: MfaService },
) {
  // auth-js posts `/logout` with a JSON content type and no body at all.
  registerJsonBodyParser(app, { allowEmpty: true });

  // auth-js reads `code` as the error code only from servers that announce this API version.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-supabase-api-version', '2024-01-01');
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof GoTrueError) return reply.status(err.statusCode).send(err.toBody());
    if (hasZodFastifySchemaValidationErrors(err)) return reply.status(400).send(validationFailed().toBody());
    const failure = clientFailureOf(err);
    if (failure) {
      const { status, refusal } = failure;
      return reply
        .status(status)
        .send(new GoTrueError(status, goTrueCodeOf(refusal.code), refusal.message).toBody());
    }
    request.log.error({ err }, 'auth request failed');
    const fault = databaseFaultOf(err);
    // 503 is one auth-js retries; the message is the API's own (db/health.ts).
    if (fault)
      return reply
        .status(503)
        .send(new GoTrueError(503, 'unexpected_failure', DATABASE_FAULT_MESSAGES[fault].message).toBody());
    return reply.status(500).send(new GoTrueError(500, 'unexpected_failure', 'Ukjent feil').toBody());
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/token',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Logg inn med passord, eller forny økten med en refresh token',
        querystring: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
        body: z.looseObject({
          email: z.string().optional(),
          password: z.string().optional(),
          refresh_token: z.string().optional(),
        }),
        response: { 200: authSessionSchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.grant_type === 'password') {
        return auth.signInWithPassword(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
      }
      return auth.refresh(request.body);
    },
  );

  r.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'Den innloggede brukeren',
        response: { 200: authUserSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw noAuthorization();
      const principal = await auth.requireGoTruePrincipal(token);
      return auth.goTrueUser(principal);
    },
  );

  r.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Logg ut denne økten (local), alle (global) eller alle andre (others)',
        querystring: z.object({ scope: z.enum(['local', 'global', 'others']).default('local') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw noAuthorization();
      const principal = await auth.requireGoTruePrincipal(token);
      await auth.signOut(principal, request.query.scope, request.ip);
      return reply.status(204).send(null);
    },
  );

  await app.register(recoveryRoutes, { auth, recovery });
  await app.register(mfaRoutes, { auth, mfa });
}
