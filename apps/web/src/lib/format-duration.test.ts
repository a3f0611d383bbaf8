import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

const units: Record<string, string> = {
  'maintenance.duration.days': '{{value}} d',
  'maintenance.duration.hours': '{{value}} t',
  'maintenance.duration.minutes': '{{value}} min',
  'maintenance.duration.lessThanMinute': 'under 1 min',
};
const t = (key: keyof typeof units | string, { value }: { value: number }) =>
  (units[key] ?? key).replace('{{value}}', String(value));

describe('formatDuration', () => {
  it('says hours and minutes the Norwegian way', () => {
    expect(formatDuration(2 * 3600 + 15 * 60 + 40, t)).toBe('2 t 15 min');
    expect(formatDuration(45 * 60, t)).toBe('45 min');
    expect(formatDuration(3 * 3600, t)).toBe('3 t');
  });

  it('keeps the two largest units for days', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60, t)).toBe('3 d 4 t');
    expect(formatDuration(2 * 86_400 + 30 * 60, t)).toBe('2 d');
  });

  it('says under a minute for less, also for a negative clock skew', () => {
    expect(formatDuration(59, t)).toBe('under 1 min');
    expect(formatDuration(-5, t)).toBe('under 1 min');
  });
});
