import { describe, expect, it } from 'vitest';
import { formatSince, formatTimeAgo } from './status-since';

const NOW = Date.UTC(2025, 2, 10, 12, 0, 0);

describe('formatTimeAgo', () => {
  it('says the largest whole unit, in Norwegian', () => {
    expect(formatTimeAgo(NOW - 3 * 3600_000 - 120_000, NOW)).toBe('for 3 timer siden');
    expect(formatTimeAgo(NOW - 5 * 60_000, NOW)).toBe('for 5 minutter siden');
    expect(formatTimeAgo(NOW - 2 * 24 * 3600_000, NOW)).toBe('i forgårs');
    expect(formatTimeAgo(NOW - 10 * 24 * 3600_000, NOW)).toBe('forrige uke');
  });

  it('says "nå" for under a minute, and for a clock slightly ahead', () => {
    expect(formatTimeAgo(NOW - 20_000, NOW)).toBe('nå');
    expect(formatTimeAgo(NOW + 5_000, NOW)).toBe('nå');
  });
});

describe('formatSince', () => {
  it('gives date and time', () => {
    expect(formatSince(Date.UTC(2025, 2, 3, 13, 5))).toMatch(/^3\. mars? 2025/);
  });
});
