import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiFieldErrors } from './form-errors';

const apiError = (code: string, message: string, details: unknown = null, status = 400) =>
  new ApiError({ code, message, details, hint: null }, status);

describe('apiFieldErrors', () => {
  it('puts each validation detail under its field', () => {
    const error = apiError('misc/validation', 'Ugyldig e-postadresse', [
      { path: 'email', message: 'Ugyldig e-postadresse' },
      { path: 'groups.1', message: 'Ukjent gruppe' },
    ]);
    expect(apiFieldErrors(error, ['email', 'groups', 'firstName'])).toEqual({
      email: 'Ugyldig e-postadresse',
      groups: 'Ukjent gruppe',
    });
  });

  it('puts a known error code under the field it is about', () => {
    const error = apiError(
      'auth/email-already-exists',
      'Denne eposten finnes allerede i systemet',
      null,
      409,
    );
    expect(apiFieldErrors(error, ['email'], { 'auth/email-already-exists': 'email' })).toEqual({
      email: 'Denne eposten finnes allerede i systemet',
    });
  });

  it('gives null when nothing fits a field, so the message can be shown as a toast', () => {
    expect(
      apiFieldErrors(apiError('users-create-error', 'Feil ved opprettelse av bruker', null, 500), ['email']),
    ).toBeNull();
    expect(
      apiFieldErrors(apiError('misc/validation', 'x', [{ path: 'other', message: 'x' }]), ['email']),
    ).toBeNull();
    expect(apiFieldErrors(new Error('x'), ['email'])).toBeNull();
  });

  it('keeps the first message when several details hit the same field', () => {
    const error = apiError('misc/validation', 'a', [
      { path: 'password', message: 'første' },
      { path: 'password', message: 'andre' },
    ]);
    expect(apiFieldErrors(error, ['password'])).toEqual({ password: 'første' });
  });
});
