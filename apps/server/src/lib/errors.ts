import { ERROR_CODES } from '@vaskedrift/shared';

/** A failure the client should see: mapped to `{message, details, hint, code}` by the error handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    /** What went wrong underneath; logged (for 5xx), never sent to the client. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Fant ikke ressursen', code: string = ERROR_CODES.notFound) {
    super(404, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Ugyldig eller utløpt innlogging. Logg inn på nytt.') {
    super(401, ERROR_CODES.invalidToken, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Du har ikke tilgang til dette') {
    super(403, ERROR_CODES.forbidden, message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: { path: string; message: string }[] = []) {
    super(400, ERROR_CODES.validation, message, details);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: string = ERROR_CODES.conflict) {
    super(409, code, message);
  }
}

/**
 * The server cannot answer this now but may in a moment (a read past its time budget): 503, logged as a
 * warning, not as a fault of the server.
 */
export class BusyError extends AppError {
  constructor(message: string, code: string, hint: string | null = null, cause?: unknown) {
    super(503, code, message, null, hint, cause);
  }
}
