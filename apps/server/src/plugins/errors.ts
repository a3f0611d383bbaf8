import { ERROR_CODES, type ErrorBody } from '@vaskedrift/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_FAULT_MESSAGES,
  databaseFaultOf,
  isTransactionCollision,
  TRANSACTION_COLLISION,
} from '../db/health';
import { AppError, BusyError } from '../lib/errors';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body);
}

type Refusal = { message: string; code: string };

const BODY_TOO_LARGE: Refusal = { message: 'Forespørselen er for stor', code: ERROR_CODES.bodyTooLarge };
const UNSUPPORTED_MEDIA_TYPE: Refusal = {
  message: 'Innholdstypen støttes ikke. Send JSON (application/json).',
  code: ERROR_CODES.unsupportedMediaType,
};
const RATE_LIMITED: Refusal = {
  message: 'For mange forespørsler. Vent litt og prøv igjen.',
  code: ERROR_CODES.rateLimited,
};

/** Fastify's own refusals of a request, in Norwegian and with our codes. */
const REFUSALS_BY_CODE: Record<string, Refusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Innholdet er ikke gyldig JSON', code: ERROR_CODES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'Forespørselen mangler innhold', code: ERROR_CODES.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: 'Innholdet stemmer ikke med oppgitt lengde',
    code: ERROR_CODES.validation,
  },
};
/** Plugins' refusals (the rate limit's 429, a body limit of their own) known only by their status. */
const REFUSALS_BY_STATUS: Record<number, Refusal> = {
  413: BODY_TOO_LARGE,
  415: UNSUPPORTED_MEDIA_TYPE,
  429: RATE_LIMITED,
};

/**
 * What a client did wrong, for any error carrying a 4xx status: ours (AppError), Fastify's and its
 * plugins'. Null for a failure of the server. Both error shapes draw on it (ours here, GoTrue's in
 * modules/auth), so a client's mistake is never a 500.
 */
export function clientFailureOf(err: FastifyError): { status: number; refusal: Refusal } | null {
  const status = err.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  if (err instanceof AppError) return { status, refusal: { message: err.message, code: err.code } };
  const refusal = REFUSALS_BY_CODE[err.code] ??
    REFUSALS_BY_STATUS[status] ?? { message: 'Ugyldig forespørsel', code: ERROR_CODES.validation };
  return { status, refusal };
}

/** The one place typed errors become `{message, details, hint, code}` with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof BusyError) request.log.warn({ err }, 'request refused: busy');
      else if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
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
    const failure = clientFailureOf(err);
    if (failure) return send(reply, failure.status, { ...failure.refusal, details: null, hint: null });
    const fault = databaseFaultOf(err);
    if (fault) {
      // Logged once per outage (db/health.ts); nothing was written, so the client may try again.
      request.log.error({ err }, 'request failed');
      return send(reply, 503, { ...DATABASE_FAULT_MESSAGES[fault], details: null, hint: null });
    }
    request.log.error({ err }, 'request failed');
    if (isTransactionCollision(err))
      return send(reply, 503, { ...TRANSACTION_COLLISION, details: null, hint: null });
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
