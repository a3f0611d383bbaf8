import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatInstant,
  formatNumber,
  formatPercent,
  formatPercentTick,
  formatTimeTicks,
} from './chart-format';

const at = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime() / 1000;
const NBSP = /[\u00a0\u202f]/g;

describe('chart formats (nb-NO)', () => {
  it('writes numbers with a decimal comma and spaces between thousands', () => {
    expect(formatNumber(1234.5, 'nb-NO').replace(NBSP, ' ')).toBe('1 234,5');
    expect(formatNumber(0.125, 'nb-NO')).toBe('0,125');
    expect(formatNumber(null, 'nb-NO')).toBe('–');
    expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.5');
  });

  it('writes percentages of 0–100 with one decimal, and axis ticks as they are', () => {
    expect(formatPercent(99.5, 'nb-NO').replace(NBSP, ' ')).toBe('99,5 %');
    expect(formatPercent(100, 'nb-NO').replace(NBSP, ' ')).toBe('100,0 %');
    expect(formatPercentTick(100, 'nb-NO').replace(NBSP, ' ')).toBe('100 %');
    expect(formatPercent(null, 'nb-NO')).toBe('–');
  });

  it('writes times on a 24-hour clock in every language', () => {
    expect(formatInstant(at(2026, 11, 24, 14, 5), 'nb-NO')).toContain('14:05');
    expect(formatInstant(at(2026, 11, 24, 14, 5), 'en-GB')).toContain('14:05');
    expect(formatDay(at(2026, 11, 24), 'nb-NO')).toBe('24. nov. 2026');
  });

  it('labels hourly ticks with the time and the date where the day changes', () => {
    const ticks = [at(2026, 11, 24, 20), at(2026, 11, 24, 22), at(2026, 11, 25, 0), at(2026, 11, 25, 2)];
    expect(formatTimeTicks(ticks, 7200, 'nb-NO')).toEqual([
      '20:00\n24. nov.',
      '22:00',
      '00:00\n25. nov.',
      '02:00',
    ]);
  });

  it('labels daily ticks with the date and monthly ticks with the month', () => {
    expect(formatTimeTicks([at(2026, 11, 24)], 86_400, 'nb-NO')).toEqual(['24. nov.']);
    expect(formatTimeTicks([at(2026, 11, 1)], 30 * 86_400, 'nb-NO')).toEqual(['nov. 2026']);
  });
});
