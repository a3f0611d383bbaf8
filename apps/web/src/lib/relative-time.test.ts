import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, formatRelativeTime, urlHost } from './relative-time';

describe('engine formatting', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('says how long ago a check ran', () => {
    expect(formatRelativeTime('2025-06-01T11:58:00Z', 'nb', now)).toBe('for 2 minutter siden');
    expect(formatRelativeTime(null)).toBeNull();
  });

  it('shows the host of an endpoint', () => {
    expect(urlHost('http://127.0.0.1:4010/a/anlegg-001/status')).toBe('127.0.0.1:4010');
    expect(urlHost('ikke en url')).toBe('ikke en url');
  });

  it('formats shares and sizes', () => {
    expect(formatPercent(null)).toBeNull();
    expect(formatPercent(1)).toMatch(/^100,0\s%$/);
    expect(formatPercent(0.9996)).toMatch(/^99,9\s%$/);
    expect(formatBytes(340)).toBe('340\u00a0B');
    expect(formatBytes(2048)).toBe('2\u00a0kB');
  });
});
