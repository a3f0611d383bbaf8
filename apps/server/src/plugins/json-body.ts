import { ERROR_CODES } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Nesting any JSON body may have (docs/decisions/012-bounded-input.md): the deepest free-form field
 * (MAX_JSON_FIELD_DEPTH) sits well inside it, and code that walks a body recursively stays far from the
 * stack's end.
 */
export const MAX_BODY_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Index of the quote closing the string that opens at `start` (the text's length if none does). */
function endOfString(text: string, start: number): number {
  for (let end = text.indexOf('"', start + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return text.length;
}

/**
 * Whether the JSON text opens more than `maxDepth` objects or arrays inside each other. One pass without
 * recursion or allocation, before anything is parsed; strings are skipped at `indexOf` speed, so brackets
 * inside them do not count and a large flat body costs about what parsing it does. Text that is not JSON
 * at all is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      i = endOfString(text, i);
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const bodyTooDeep = () =>
  new AppError(
    400,
    ERROR_CODES.invalidJson,
    `JSON-innholdet kan ikke være nestet i mer enn ${MAX_BODY_DEPTH} nivåer`,
  );

/**
 * Makes JSON the one body this context parses: any other content type is refused with 415, a body nested
 * deeper than MAX_BODY_DEPTH with 400, and the rest goes to Fastify's own parser (which also refuses
 * `__proto__` and `constructor` keys). Registered once at the root, so /auth/v1 and /api/v1 share it;
 * `allowEmpty` reads an empty body as none (auth-js posts `/logout` with a JSON content type and no body).
 */
export function registerJsonBodyParser(app: FastifyInstance, { allowEmpty = false } = {}) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (allowEmpty && text.length === 0) return done(null, undefined);
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) return done(bodyTooDeep(), undefined);
    parseJson(request, text, done);
  });
}
