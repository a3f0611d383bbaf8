import { ERROR_CODES, type ErrorBody } from '@vaskedrift/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body);
}

/** The one place typed errors become `{message, details, hint, code}` with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return send(reply, err.statusCode, {
        message: err.message,
        details: err.details ?? null,
        hint: err.hint,
        code: err.code,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Ugyldig verdi',
      }));
      return send(reply, 400, {
        message: details[0]?.message ?? 'Ugyldige data',
        details,
        hint: null,
        code: ERROR_CODES.validation,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, {
        message: 'For mange forespørsler. Vent litt og prøv igjen.',
        details: null,
        hint: null,
        code: ERROR_CODES.rateLimited,
      });
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, {
        message: status === 415 ? 'Ugyldig innholdstype' : 'Ugyldig forespørsel',
        details: err.message,
        hint: null,
        code: err.code ?? ERROR_CODES.validation,
      });
    }
    request.log.error({ err }, 'request failed');
    return send(reply, 500, {
      message: 'Ukjent feil. Prøv igjen senere',
      details: null,
      hint: null,
      code: ERROR_CODES.unknown,
    });
  });
}

export function apiNotFound(reply: FastifyReply) {
  return send(reply, 404, {
    message: 'Fant ikke adressen',
    details: null,
    hint: null,
    code: ERROR_CODES.notFound,
  });
}
