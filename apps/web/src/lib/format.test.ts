import { describe, expect, it } from 'vitest';
import { formatDateTime, formatUntil, fullName, initials } from './format';

describe('format', () => {
  it('names a person, falling back to the e-mail', () => {
    expect(fullName({ firstName: 'Ola', lastName: 'Nordmann' })).toBe('Ola Nordmann');
    expect(fullName({ firstName: '', lastName: '', email: 'ola@example.no' })).toBe('ola@example.no');
  });

  it('gives avatar initials', () => {
    expect(initials({ firstName: 'ola', lastName: 'Nordmann' })).toBe('ON');
    expect(initials({ email: 'kari@example.no' })).toBe('K');
  });

  it('formats a time in Norwegian and leaves a missing one out', () => {
    expect(formatDateTime('2025-03-03T13:05:00.000Z')).toMatch(/2025/);
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('ikke en dato')).toBeNull();
  });

  it('gives only the time for later today, and the date too for another day', () => {
    const now = new Date(2026, 10, 24, 12, 0);
    expect(formatUntil(new Date(2026, 10, 24, 14, 30).toISOString(), 'nb', now)).toBe('14:30');
    expect(formatUntil(new Date(2026, 10, 25, 9, 0).toISOString(), 'nb', now)).toMatch(/25\..*09:00/);
  });
});
