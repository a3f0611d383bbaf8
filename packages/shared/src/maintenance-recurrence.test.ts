import { describe, expect, it } from 'vitest';
import {
  fromZoned,
  nextOccurrence,
  occurrences,
  type PlanRule,
  pendingOccurrence,
  shortestGapDays,
  toZoned,
  wallMinutesBetween,
  zonedWeekday,
} from './maintenance-recurrence';

/*
 * Every expected instant below was worked out by hand from the rules of Europe/Oslo: UTC+1 (CET) in
 * winter, UTC+2 (CEST) in summer; in 2027 the clocks go forward at 01:00 UTC on Sunday 28 March (02:00 CET
 * becomes 03:00 CEST) and back at 01:00 UTC on Sunday 31 October (03:00 CEST becomes 02:00 CET); in 2026
 * back on Sunday 25 October. 2027-03-16 is a Tuesday.
 */
const at = (iso: string) => new Date(iso);
const starts = (list: { startsAt: Date }[]) => list.map((o) => o.startsAt.toISOString());
const ends = (list: { endsAt: Date | null }[]) => list.map((o) => o.endsAt?.toISOString() ?? null);

describe('Oslo wall-clock times', () => {
  it('reads an instant on the Oslo clock in winter and summer', () => {
    expect(toZoned(at('2027-03-27T05:00:00Z'))).toEqual({
      year: 2027,
      month: 3,
      day: 27,
      hour: 6,
      minute: 0,
    });
    expect(toZoned(at('2027-03-28T04:00:00Z'))).toEqual({
      year: 2027,
      month: 3,
      day: 28,
      hour: 6,
      minute: 0,
    });
    expect(toZoned(at('2026-12-31T23:30:00Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
    expect(zonedWeekday(at('2027-03-16T05:00:00Z'))).toBe(2);
    expect(zonedWeekday(at('2027-03-27T23:30:00Z'))).toBe(7);
  });

  it('names the instant of a wall-clock time with the offset of that day', () => {
    expect(fromZoned({ year: 2027, month: 3, day: 27, hour: 6, minute: 0 }).toISOString()).toBe(
      '2027-03-27T05:00:00.000Z',
    );
    expect(fromZoned({ year: 2027, month: 3, day: 28, hour: 6, minute: 0 }).toISOString()).toBe(
      '2027-03-28T04:00:00.000Z',
    );
    // Just before and just after the change.
    expect(fromZoned({ year: 2027, month: 3, day: 28, hour: 1, minute: 59 }).toISOString()).toBe(
      '2027-03-28T00:59:00.000Z',
    );
    expect(fromZoned({ year: 2027, month: 3, day: 28, hour: 3, minute: 0 }).toISOString()).toBe(
      '2027-03-28T01:00:00.000Z',
    );
  });

  it('moves a time the clocks skip forward by the gap, and takes the first of a time that happens twice', () => {
    // 02:30 does not exist on 28 March 2027: read as CET it is 01:30 UTC, which the clock shows as 03:30 CEST.
    expect(fromZoned({ year: 2027, month: 3, day: 28, hour: 2, minute: 30 }).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    // 02:30 happens twice on 25 October 2026: first at 00:30 UTC (CEST), then at 01:30 UTC (CET).
    expect(fromZoned({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('measures a window by the clock on the wall, not by the hours that passed', () => {
    // 01:00 CET to 05:00 CEST on 28 March 2027: four hours on the clock, three that passed.
    expect(wallMinutesBetween(at('2027-03-28T00:00:00Z'), at('2027-03-28T03:00:00Z'))).toBe(240);
    // 01:00 CEST to 05:00 CET on 31 October 2027: four on the clock, five that passed.
    expect(wallMinutesBetween(at('2027-10-30T23:00:00Z'), at('2027-10-31T04:00:00Z'))).toBe(240);
  });
});

describe('occurrences of a plan', () => {
  it('once: its own start and end, and nothing after it', () => {
    const rule: PlanRule = {
      startsAt: at('2027-03-16T05:00:00Z'),
      endsAt: at('2027-03-16T07:00:00Z'),
      recurrence: { kind: 'none' },
    };
    expect(occurrences(rule, { from: at('2027-03-01T00:00:00Z'), limit: 3 })).toEqual([
      { startsAt: at('2027-03-16T05:00:00Z'), endsAt: at('2027-03-16T07:00:00Z') },
    ]);
    expect(nextOccurrence(rule, { from: at('2027-03-16T05:00:01Z') })).toBeNull();
  });

  it('every day at 06:00–08:00 keeps 06:00 on the Oslo clock across the spring change', () => {
    const rule: PlanRule = {
      startsAt: at('2027-03-26T05:00:00Z'), // Friday 06:00 CET
      endsAt: at('2027-03-26T07:00:00Z'),
      recurrence: { kind: 'days', every: 1 },
    };
    const list = occurrences(rule, { from: rule.startsAt, limit: 4 });
    expect(starts(list)).toEqual([
      '2027-03-26T05:00:00.000Z',
      '2027-03-27T05:00:00.000Z',
      '2027-03-28T04:00:00.000Z', // summer time from this morning
      '2027-03-29T04:00:00.000Z',
    ]);
    expect(ends(list)).toEqual([
      '2027-03-26T07:00:00.000Z',
      '2027-03-27T07:00:00.000Z',
      '2027-03-28T06:00:00.000Z',
      '2027-03-29T06:00:00.000Z',
    ]);
  });

  it("every second Tuesday at 06:00 (the issue's example), over the spring change", () => {
    const rule: PlanRule = {
      startsAt: at('2027-03-16T05:00:00Z'), // Tuesday 06:00 CET
      endsAt: at('2027-03-16T07:00:00Z'),
      recurrence: { kind: 'weeks', every: 2, weekdays: [2] },
    };
    expect(starts(occurrences(rule, { from: rule.startsAt, limit: 3 }))).toEqual([
      '2027-03-16T05:00:00.000Z',
      '2027-03-30T04:00:00.000Z',
      '2027-04-13T04:00:00.000Z',
    ]);
  });

  it('a Sunday night window 01:00–05:00 ends at 05:00 on the nights the clocks change', () => {
    const autumn: PlanRule = {
      startsAt: at('2027-10-23T23:00:00Z'), // Sunday 24 October 01:00 CEST
      endsAt: at('2027-10-24T03:00:00Z'), // 05:00 CEST
      recurrence: { kind: 'weeks', every: 1, weekdays: [7] },
    };
    const list = occurrences(autumn, { from: autumn.startsAt, limit: 3 });
    expect(starts(list)).toEqual([
      '2027-10-23T23:00:00.000Z',
      '2027-10-30T23:00:00.000Z', // 01:00 CEST, before the change
      '2027-11-07T00:00:00.000Z', // 01:00 CET
    ]);
    expect(ends(list)).toEqual([
      '2027-10-24T03:00:00.000Z',
      '2027-10-31T04:00:00.000Z', // 05:00 CET: five hours that night
      '2027-11-07T04:00:00.000Z',
    ]);

    const spring: PlanRule = {
      startsAt: at('2027-03-21T00:00:00Z'), // Sunday 21 March 01:00 CET
      endsAt: at('2027-03-21T04:00:00Z'),
      recurrence: { kind: 'weeks', every: 1, weekdays: [7] },
    };
    const next = nextOccurrence(spring, { from: at('2027-03-21T00:00:01Z') });
    // 01:00 CET to 05:00 CEST on 28 March: three hours that night.
    expect(next).toEqual({ startsAt: at('2027-03-28T00:00:00Z'), endsAt: at('2027-03-28T03:00:00Z') });
  });

  it('every day at 02:30: the day the clocks skip it, it starts at 03:30 summer time', () => {
    const rule: PlanRule = {
      startsAt: at('2027-03-27T01:30:00Z'), // Saturday 02:30 CET
      endsAt: at('2027-03-27T02:30:00Z'),
      recurrence: { kind: 'days', every: 1 },
    };
    const list = occurrences(rule, { from: rule.startsAt, limit: 3 });
    expect(starts(list)).toEqual([
      '2027-03-27T01:30:00.000Z',
      '2027-03-28T01:30:00.000Z', // 03:30 CEST
      '2027-03-29T00:30:00.000Z', // 02:30 CEST
    ]);
    // 03:30 on the wall, one wall-clock hour later: 04:30 CEST.
    expect(ends(list)[1]).toBe('2027-03-28T02:30:00.000Z');
  });

  it('on several weekdays, from the first of them on or after the start, every second week', () => {
    const weekly: PlanRule = {
      startsAt: at('2027-03-23T21:00:00Z'), // Tuesday 22:00 CET, not one of the days
      endsAt: at('2027-03-23T22:00:00Z'),
      recurrence: { kind: 'weeks', every: 1, weekdays: [5, 1, 3] },
    };
    expect(starts(occurrences(weekly, { from: weekly.startsAt, limit: 4 }))).toEqual([
      '2027-03-24T21:00:00.000Z', // Wednesday 22:00 CET
      '2027-03-26T21:00:00.000Z', // Friday
      '2027-03-29T20:00:00.000Z', // Monday 22:00 CEST
      '2027-03-31T20:00:00.000Z', // Wednesday
    ]);

    const fortnightly: PlanRule = { ...weekly, recurrence: { kind: 'weeks', every: 2, weekdays: [1, 5] } };
    // Week of Monday 22 March: Friday 26 (Monday 22 is before the start); then the week of Monday 5 April.
    expect(starts(occurrences(fortnightly, { from: weekly.startsAt, limit: 3 }))).toEqual([
      '2027-03-26T21:00:00.000Z',
      '2027-04-05T20:00:00.000Z',
      '2027-04-09T20:00:00.000Z',
    ]);
  });

  it('from a later time, and skipping an occurrence whose window has passed', () => {
    const rule: PlanRule = {
      startsAt: at('2027-03-26T05:00:00Z'),
      endsAt: at('2027-03-26T07:00:00Z'),
      recurrence: { kind: 'days', every: 3 },
    };
    // Starts on 26 and 29 March, 1 April…; from 27 March the next is 29 March 06:00 CEST.
    expect(nextOccurrence(rule, { from: at('2027-03-27T00:00:00Z') })?.startsAt).toEqual(
      at('2027-03-29T04:00:00Z'),
    );
    // The 29 March window (04:00–06:00 UTC) ended before 07:00 UTC: the next one is 1 April.
    expect(
      nextOccurrence(rule, { from: at('2027-03-29T00:00:00Z'), endingAfter: at('2027-03-29T07:00:00Z') }),
    ).toEqual({ startsAt: at('2027-04-01T04:00:00Z'), endsAt: at('2027-04-01T06:00:00Z') });
    // A year later it keeps the three-day rhythm: 26 March 2028 is 366 days on (a leap year), a start at
    // 06:00 CEST (the clocks change that night in 2028) before noon, so the next is 29 March.
    expect(nextOccurrence(rule, { from: at('2028-03-26T12:00:00Z') })?.startsAt).toEqual(
      at('2028-03-29T04:00:00Z'),
    );
  });

  it('how long an occurrence may last: until the next one starts', () => {
    expect(shortestGapDays({ kind: 'none' })).toBeNull();
    expect(shortestGapDays({ kind: 'days', every: 3 })).toBe(3);
    expect(shortestGapDays({ kind: 'weeks', every: 1, weekdays: [1, 3, 5] })).toBe(2);
    expect(shortestGapDays({ kind: 'weeks', every: 2, weekdays: [2] })).toBe(14);
    // Sunday then Monday.
    expect(shortestGapDays({ kind: 'weeks', every: 1, weekdays: [7, 1] })).toBe(1);
    // Monday and Saturday every third week: Monday to Saturday 5 days, Saturday to the Monday 16 days.
    expect(shortestGapDays({ kind: 'weeks', every: 3, weekdays: [6, 1] })).toBe(5);
  });
});

describe('the occurrence a plan waits for', () => {
  const weekly: PlanRule = {
    startsAt: at('2027-03-16T05:00:00Z'), // Tuesday 06:00 CET
    endsAt: at('2027-03-16T07:00:00Z'),
    recurrence: { kind: 'weeks', every: 1, weekdays: [2] },
  };
  const grace = 5 * 60_000;

  it('the first one when none has started, the one after the last started otherwise', () => {
    expect(
      pendingOccurrence(weekly, { after: null, now: at('2027-03-15T12:00:00Z'), graceMs: grace }),
    ).toEqual({
      startsAt: at('2027-03-16T05:00:00Z'),
      endsAt: at('2027-03-16T07:00:00Z'),
    });
    // Started on 16 March at 06:00 and still running at 06:30: the next is 23 March.
    expect(
      pendingOccurrence(weekly, { after: weekly.startsAt, now: at('2027-03-16T05:30:00Z'), graceMs: grace })
        ?.startsAt,
    ).toEqual(at('2027-03-23T05:00:00Z'));
  });

  it('passes over windows that are over, as after days with the server down', () => {
    // Last started 16 March; at 07:30 CEST on Tuesday 30 March the 23 March window is over and that
    // morning's 06:00–08:00 is still on, so it is the one to start (late).
    expect(
      pendingOccurrence(weekly, { after: weekly.startsAt, now: at('2027-03-30T05:30:00Z'), graceMs: grace }),
    ).toEqual({ startsAt: at('2027-03-30T04:00:00Z'), endsAt: at('2027-03-30T06:00:00Z') });
    expect(
      pendingOccurrence(weekly, { after: weekly.startsAt, now: at('2027-03-30T06:00:00Z'), graceMs: grace })
        ?.startsAt,
    ).toEqual(at('2027-04-06T04:00:00Z')); // at 08:00 CEST it is over too
  });

  it('a plan without an end waits for its start until a few minutes after it, then has none left', () => {
    const once: PlanRule = {
      startsAt: at('2027-03-16T05:00:00Z'),
      endsAt: null,
      recurrence: { kind: 'none' },
    };
    expect(pendingOccurrence(once, { after: null, now: at('2027-03-16T05:04:00Z'), graceMs: grace })).toEqual(
      {
        startsAt: once.startsAt,
        endsAt: null,
      },
    );
    expect(
      pendingOccurrence(once, { after: null, now: at('2027-03-16T05:06:00Z'), graceMs: grace }),
    ).toBeNull();
    expect(
      pendingOccurrence(once, { after: once.startsAt, now: at('2027-03-16T04:00:00Z'), graceMs: grace }),
    ).toBeNull();
  });
});
