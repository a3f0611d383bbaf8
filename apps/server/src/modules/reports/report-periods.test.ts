import { describe, expect, it } from 'vitest';
import { latestDuePeriod, periodsToSend } from './report-periods';

const iso = (d: Date) => d.toISOString();

describe('report periods (Norwegian time)', () => {
  it('a Monday at 07:00 sends the week before, Monday to Monday', () => {
    // Monday 30 November 2026, 07:00 CET = 06:00 UTC.
    const period = latestDuePeriod('weekly', new Date('2026-11-30T06:00:00Z'));
    expect(period.key).toBe('2026-W48');
    expect(iso(period.from)).toBe('2026-11-22T23:00:00.000Z');
    expect(iso(period.to)).toBe('2026-11-29T23:00:00.000Z');
    expect(iso(period.dueAt)).toBe('2026-11-30T06:00:00.000Z');
  });

  it('a minute before 07:00 on Monday still names the week before that', () => {
    const period = latestDuePeriod('weekly', new Date('2026-11-30T05:59:00Z'));
    expect(period.key).toBe('2026-W47');
    expect(iso(period.dueAt)).toBe('2026-11-23T06:00:00.000Z');
  });

  it('the week of the change to summer time is 167 hours long, and its report is due at 07:00 summer time', () => {
    // 2027-03-28 is the last Sunday of March: the week of 22–29 March loses an hour.
    const period = latestDuePeriod('weekly', new Date('2027-03-29T05:00:00Z'));
    expect(period.key).toBe('2027-W12');
    expect(iso(period.from)).toBe('2027-03-21T23:00:00.000Z');
    expect(iso(period.to)).toBe('2027-03-28T22:00:00.000Z');
    expect((period.to.getTime() - period.from.getTime()) / 3600_000).toBe(167);
    expect(iso(period.dueAt)).toBe('2027-03-29T05:00:00.000Z');
  });

  it('ISO weeks across a new year: the week of 28 December 2026 is 2026-W53', () => {
    expect(latestDuePeriod('weekly', new Date('2027-01-04T06:00:00Z')).key).toBe('2026-W53');
    expect(latestDuePeriod('weekly', new Date('2027-01-11T06:00:00Z')).key).toBe('2027-W01');
  });

  it('the 1st at 07:00 sends the month before, across a year end', () => {
    const period = latestDuePeriod('monthly', new Date('2027-01-01T06:00:00Z'));
    expect(period.key).toBe('2026-12');
    expect(iso(period.from)).toBe('2026-11-30T23:00:00.000Z');
    expect(iso(period.to)).toBe('2026-12-31T23:00:00.000Z');
  });

  it('before 07:00 on the 1st the month before last is the latest due', () => {
    expect(latestDuePeriod('monthly', new Date('2026-12-01T05:59:00Z')).key).toBe('2026-10');
    expect(latestDuePeriod('monthly', new Date('2026-12-01T06:00:00Z')).key).toBe('2026-11');
  });

  it('sends what is due and at most 48 hours late, nothing older', () => {
    expect(periodsToSend(new Date('2026-11-30T06:00:00Z')).map((p) => p.key)).toEqual(['2026-W48']);
    expect(periodsToSend(new Date('2026-12-01T06:00:00Z')).map((p) => p.key)).toEqual([
      '2026-W48',
      '2026-11',
    ]);
    expect(periodsToSend(new Date('2026-12-02T06:00:01Z')).map((p) => p.key)).toEqual(['2026-11']);
    expect(periodsToSend(new Date('2026-12-03T06:00:00Z')).map((p) => p.key)).toEqual(['2026-11']);
    expect(periodsToSend(new Date('2026-12-03T06:00:01Z')).map((p) => p.key)).toEqual([]);
  });
});
