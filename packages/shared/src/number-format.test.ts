import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatInteger,
  formatNumber,
  formatPercent,
  formatPercentTick,
  formatQuantity,
  THOUSANDS_SPACE,
  UNIT_SPACE,
} from './number-format';

/* The expected texts are written out by hand: '_' is the narrow no-break space between thousands, '~' the
 * no-break space before a unit, '−' the minus sign. */
const text = (written: string) => written.replaceAll('_', THOUSANDS_SPACE).replaceAll('~', UNIT_SPACE);

describe('formatNumber (nb-NO)', () => {
  it.each<[number, string]>([
    [1.2, '1,2'],
    [28.7, '28,7'],
    [12, '12'],
    [0, '0'],
    // 1234.5678: two decimals, the third (7) rounds the 6 up.
    [1234.5678, '1_234,57'],
    [1000, '1_000'],
    [1_234_567, '1_234_567'],
    // Below 1: three significant digits, so a small value is not 0.
    [0.0012, '0,0012'],
    [0.125, '0,125'],
    [0.12345, '0,123'],
    // 999.999 rounds to two decimals: 1000,00 → '1 000'.
    [999.999, '1_000'],
    [-4.5, '−4,5'],
  ])('%d → %s', (value, written) => {
    expect(formatNumber(value)).toBe(text(written));
  });

  it('writes a dash for no value', () => {
    expect(formatNumber(null)).toBe('–');
    expect(formatNumber(undefined)).toBe('–');
    expect(formatNumber(Number.NaN)).toBe('–');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('–');
  });

  it('follows another interface language when asked', () => {
    expect(formatNumber(1234.5, 'en-GB')).toBe('1,234.5');
  });

  it('writes whole numbers without decimals', () => {
    expect(formatInteger(12_345.6)).toBe(text('12_346'));
    expect(formatInteger(null)).toBe('–');
  });
});

describe('formatQuantity', () => {
  it('puts the unit after a no-break space', () => {
    expect(formatQuantity(1.2, 'bar')).toBe(text('1,2~bar'));
    expect(formatQuantity(38.25, '°C')).toBe(text('38,25~°C'));
    expect(formatQuantity(2500, 'l')).toBe(text('2_500~l'));
  });

  it('leaves out a missing unit, and the unit of a missing value', () => {
    expect(formatQuantity(1.2, null)).toBe('1,2');
    expect(formatQuantity(1.2, '')).toBe('1,2');
    expect(formatQuantity(null, 'bar')).toBe('–');
  });
});

describe('formatPercent: one decimal, never a false 100 or 0', () => {
  it.each<[number, string]>([
    [99.5, '99,5~%'],
    [100, '100,0~%'],
    [0, '0,0~%'],
    // 87.25 → 87.3 (half up at the first decimal).
    [87.25, '87,3~%'],
    [12, '12,0~%'],
    // 99.96 would round to 100,0: it is not full availability.
    [99.96, '99,9~%'],
    [99.95, '99,9~%'],
    // 0.04 would round to 0,0: something happened.
    [0.04, '0,1~%'],
  ])('%d → %s', (value, written) => {
    expect(formatPercent(value)).toBe(text(written));
  });

  it('writes a dash for no value', () => {
    expect(formatPercent(null)).toBe('–');
  });

  it('keeps an axis tick as it is', () => {
    expect(formatPercentTick(25)).toBe(text('25~%'));
    expect(formatPercentTick(12.5)).toBe(text('12,5~%'));
    expect(formatPercentTick(100)).toBe(text('100~%'));
  });
});

describe('formatDuration', () => {
  const plain = (text: string) => text.replaceAll('\u00a0', ' ');
  it('says the two largest units the Norwegian way, under a minute for less', () => {
    expect(plain(formatDuration(2 * 3600 + 15 * 60 + 40))).toBe('2 t 15 min');
    expect(plain(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60))).toBe('3 d 4 t');
    expect(plain(formatDuration(45 * 60))).toBe('45 min');
    expect(formatDuration(59)).toBe('under 1 min');
    expect(formatDuration(-5)).toBe('under 1 min');
  });
});
