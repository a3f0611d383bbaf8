import type { Packed, RollupEntry } from '../readings';

/*
 * The demo history's rollup rows (decision 022's tiers): the entries the readings job would have made from
 * the stored raw readings, gathered per API and row (an hour for the minute tier, a UTC day for the hour
 * tier) in the shape the readings module packs and writes (`insertPacked`).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type RollupRow = { api: number; bucket: Date; series: Map<number, RollupEntry[]> };

/** A tier's rows being filled, in the order the readings come (time ascending per series). */
export class RollupRows {
  private readonly rows = new Map<string, RollupRow>();
  private readonly last = new Map<number, RollupRow>();
  /** Readings with a number in each entry: the average's weight (a reading without data has none). */
  private readonly numbers = new WeakMap<RollupEntry, number>();

  constructor(private readonly tier: 'minute' | 'hour') {}

  /** A stored reading of `series` at `at` (ms): its number (null: text or no data), text and level code. */
  add(
    api: number,
    series: number,
    at: number,
    value: number | null,
    text: string | null,
    worst: number,
  ): void {
    const rowMs = this.tier === 'minute' ? HOUR_MS : DAY_MS;
    const slotMs = this.tier === 'minute' ? 60_000 : HOUR_MS;
    const bucket = Math.floor(at / rowMs) * rowMs;
    const slot = Math.floor((at - bucket) / slotMs);
    // Readings come in time order per API: the row of the last one is nearly always the row of the next.
    let row = this.last.get(api);
    if (row?.bucket.getTime() !== bucket) {
      row = { api, bucket: new Date(bucket), series: new Map() };
      this.rows.set(`${api}/${bucket}`, row);
      this.last.set(api, row);
    }
    let entries = row.series.get(series);
    if (!entries) {
      entries = [];
      row.series.set(series, entries);
    }
    const last = entries[entries.length - 1];
    if (last && last.slot === slot) this.merge(last, value, text, worst);
    else {
      const entry = { slot, min: value, max: value, avg: value, count: 1, worst, text };
      entries.push(entry);
      this.numbers.set(entry, value === null ? 0 : 1);
    }
  }

  /** One more reading in an entry: extremes, the average weighted by counts, the worst level, the last text. */
  private merge(entry: RollupEntry, value: number | null, text: string | null, worst: number) {
    if (value !== null) {
      const before = this.numbers.get(entry) ?? 0;
      entry.min = entry.min === null ? value : Math.min(entry.min, value);
      entry.max = entry.max === null ? value : Math.max(entry.max, value);
      entry.avg = ((entry.avg ?? 0) * before + value) / (before + 1);
      this.numbers.set(entry, before + 1);
    }
    entry.count++;
    entry.worst = Math.max(entry.worst, worst);
    if (text !== null) entry.text = text;
  }

  get packed(): Packed {
    return this.rows;
  }
}
