import { type WashesAnswer, type WashFigures, washBucketForRange } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import type { Range } from './figures.repository';
import { addWashFigures, lostPeriods, washFiguresByBay, washPoints } from './washes.repository';

// The washes part of the bay and facility statistics (docs/domain.md, Washes), read through the answer's `db`.

type NamedBay = { id: string; name: string };

/** The bays' washes together: figures, a point per hour, day or week, and the periods that cost washes. */
export async function washesOf(
  db: Db,
  bays: NamedBay[],
  range: Range,
): Promise<WashesAnswer & { byBay: Map<string, WashFigures> }> {
  const ids = bays.map((b) => b.id);
  const names = new Map(bays.map((b) => [b.id, b.name]));
  const bucket = washBucketForRange(range.from, range.to);
  const byBay = await washFiguresByBay(db, ids, range);
  const points = await washPoints(db, ids, range, bucket);
  const periods = await lostPeriods(db, ids, range);
  return {
    figures: addWashFigures(byBay.values()),
    bucket,
    points: points.map((p) => ({ at: p.at.toISOString(), washes: p.washes, expected: p.expected })),
    lostPeriods: periods.map((p) => ({
      bayId: p.bayId,
      bayName: names.get(p.bayId) ?? '',
      status: p.status,
      from: p.from.toISOString(),
      to: p.to.toISOString(),
      expected: p.expected,
      counted: p.counted,
      lost: p.lost,
    })),
    byBay,
  };
}

/** A bay without a counter: every wash figure 'Ingen data'. */
export const NO_WASHES: WashFigures = { washes: null, expected: null, lost: null };
