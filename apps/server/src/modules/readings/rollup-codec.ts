/*
 * The packed rollup rows of decision 022: one row per API and hour (minute tier) or API and UTC day (hour
 * tier), its series' entries in one `data bytea`, encoded and decoded only here.
 *
 *   row     = varint series count, then per series (ascending): varint series − previous series,
 *             varint section length, section
 *   section = flags byte (1: floats, 2: text, 4: numbers), varint entry count n,
 *             [quantized: byte mantissa index (1, 2, 5), zigzag varint decimal exponent: step = m × 10^e]
 *             n varints slot − previous slot − 1 (the first: slot), n varints count, n bytes worst level,
 *             [numbers, quantized: n varints max − min + 1 in steps (0: no number in the entry), then per
 *              entry with a number zigzag varint min − previous min in steps, and when max > min varint
 *              avg − min in steps; floats: per entry a byte 0/1 and, when 1, min, max, avg as float64]
 *             [text: per entry varint 0 (none), 1 (the previous text again) or length + 2 and UTF-8 bytes]
 * Columns are grouped (all slots, all counts, …) so PostgreSQL's TOAST compression of the large value finds
 * the runs of ones and zeros.
 *
 * The guarantee: numbers are quantized to a step of at most half the deadband of the smallest non-zero
 * |figure| in the section (rounded down to 1, 2 or 5 × a power of ten, so decimal readings usually come
 * back exact), so each decoded figure is within a quarter of the deadband × |figure| of the encoded one;
 * zero is exact. Deadband 0, a non-finite figure or a range too wide for the step: float64, exact.
 */

/** One rollup bucket of a series: its slot (minute of the hour, hour of the day) and figures. */
export type RollupEntry = {
  slot: number;
  min: number | null;
  max: number | null;
  avg: number | null;
  count: number;
  worst: number;
  text: string | null;
};

export type RollupSeries = { series: number; deadband: number; entries: RollupEntry[] };

const FLOATS = 1;
const TEXT = 2;
const NUMBERS = 4;
const MANTISSAS = [1, 2, 5] as const;
/** Quantized figures stay below this many steps from zero (exact in a double, short varints). */
const MAX_STEPS = 2 ** 40;

class Writer {
  private buf = new Uint8Array(256);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(b: number) {
    this.room(1);
    this.buf[this.length++] = b;
  }
  varint(n: number) {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`varint ${n}`);
    let v = n;
    while (v >= 0x80) {
      this.byte((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.byte(v);
  }
  zigzag(n: number) {
    this.varint(n < 0 ? -2 * n - 1 : 2 * n);
  }
  float(n: number) {
    this.room(8);
    new DataView(this.buf.buffer).setFloat64(this.length, n);
    this.length += 8;
  }
  bytes(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

class Reader {
  pos = 0;
  private view: DataView;
  constructor(private buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError('rollup data ends early');
    return this.buf[this.pos++] as number;
  }
  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  }
  zigzag(): number {
    const v = this.varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }
  float(): number {
    const n = this.view.getFloat64(this.pos);
    this.pos += 8;
    return n;
  }
  bytes(n: number): Uint8Array {
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** The largest 1, 2 or 5 × 10^e not above `limit` (> 0). */
function niceStep(limit: number): { m: number; e: number } {
  let e = Math.floor(Math.log10(limit));
  for (;;) {
    for (let i = MANTISSAS.length - 1; i >= 0; i--) {
      if (stepOf(i, e) <= limit) return { m: i, e };
    }
    e--;
  }
}

/** m × 10^e, computed so decimal steps are as exact as a double allows. */
function stepOf(m: number, e: number): number {
  const mantissa = MANTISSAS[m] as number;
  return e >= 0 ? mantissa * 10 ** e : mantissa / 10 ** -e;
}
const fromSteps = (q: number, m: number, e: number) =>
  e >= 0 ? q * (MANTISSAS[m] as number) * 10 ** e : (q * (MANTISSAS[m] as number)) / 10 ** -e;

/** The quantization step of a section, or null when its numbers are stored as float64. */
function chooseStep(entries: RollupEntry[], deadband: number): { m: number; e: number } | null {
  if (!(deadband > 0)) return null;
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const x of entries) {
    for (const v of [x.min, x.max, x.avg]) {
      if (v === null) continue;
      if (!Number.isFinite(v)) return null;
      const a = Math.abs(v);
      if (a > 0 && a < smallest) smallest = a;
      if (a > largest) largest = a;
    }
  }
  if (largest === 0) return { m: 0, e: 0 };
  const step = niceStep((deadband * smallest) / 2);
  return largest / stepOf(step.m, step.e) < MAX_STEPS ? step : null;
}

function encodeSection(w: Writer, s: RollupSeries) {
  const entries = [...s.entries].sort((a, b) => a.slot - b.slot);
  const hasText = entries.some((x) => x.text !== null);
  const hasNumbers = entries.some((x) => x.min !== null);
  const step = hasNumbers ? chooseStep(entries, s.deadband) : null;
  w.byte((hasNumbers && step === null ? FLOATS : 0) | (hasText ? TEXT : 0) | (hasNumbers ? NUMBERS : 0));
  w.varint(entries.length);
  if (step) {
    w.byte(step.m);
    w.zigzag(step.e);
  }
  let previous = -1;
  for (const x of entries) {
    w.varint(x.slot - previous - 1);
    previous = x.slot;
  }
  for (const x of entries) w.varint(x.count);
  for (const x of entries) w.byte(x.worst);
  if (hasNumbers && step) {
    const size = stepOf(step.m, step.e);
    const q = entries.map((x) =>
      x.min === null
        ? null
        : {
            min: Math.round(x.min / size),
            max: Math.round((x.max ?? x.min) / size),
            avg: Math.round((x.avg ?? x.min) / size),
          },
    );
    for (const v of q) w.varint(v === null ? 0 : v.max - v.min + 1);
    let last = 0;
    for (const v of q) {
      if (v === null) continue;
      w.zigzag(v.min - last);
      last = v.min;
      // The average lies between the extremes; rounding keeps it there.
      if (v.max > v.min) w.varint(Math.min(Math.max(v.avg, v.min), v.max) - v.min);
    }
  } else if (hasNumbers) {
    for (const x of entries) {
      if (x.min === null) {
        w.byte(0);
        continue;
      }
      w.byte(1);
      w.float(x.min);
      w.float(x.max ?? x.min);
      w.float(x.avg ?? x.min);
    }
  }
  if (hasText) {
    let lastText: string | null = null;
    for (const x of entries) {
      if (x.text === null) w.varint(0);
      else if (x.text === lastText) w.varint(1);
      else {
        const b = utf8.encode(x.text);
        w.varint(b.length + 2);
        w.bytes(b);
        lastText = x.text;
      }
    }
  }
}

/** Packs an API's series of one rollup row. Series without entries are left out. */
export function encodeRollup(series: RollupSeries[]): Uint8Array {
  const kept = series.filter((s) => s.entries.length > 0).sort((a, b) => a.series - b.series);
  const w = new Writer();
  w.varint(kept.length);
  let previous = 0;
  for (const s of kept) {
    const section = new Writer();
    encodeSection(section, s);
    const bytes = section.done();
    w.varint(s.series - previous);
    previous = s.series;
    w.varint(bytes.length);
    w.bytes(bytes);
  }
  return w.done();
}

function decodeSection(r: Reader): RollupEntry[] {
  const flags = r.byte();
  const n = r.varint();
  const step = !(flags & FLOATS) && flags & NUMBERS ? { m: r.byte(), e: r.zigzag() } : null;
  const entries: RollupEntry[] = [];
  let slot = -1;
  for (let i = 0; i < n; i++) {
    slot += r.varint() + 1;
    entries.push({ slot, min: null, max: null, avg: null, count: 0, worst: 0, text: null });
  }
  for (const x of entries) x.count = r.varint();
  for (const x of entries) x.worst = r.byte();
  if (flags & NUMBERS && step) {
    const spreads = entries.map(() => r.varint());
    let last = 0;
    entries.forEach((x, i) => {
      const spread = spreads[i] as number;
      if (spread === 0) return;
      last += r.zigzag();
      const above = spread > 1 ? r.varint() : 0;
      x.min = fromSteps(last, step.m, step.e);
      x.max = fromSteps(last + spread - 1, step.m, step.e);
      x.avg = fromSteps(last + above, step.m, step.e);
    });
  } else if (flags & NUMBERS) {
    for (const x of entries) {
      if (r.byte() === 0) continue;
      x.min = r.float();
      x.max = r.float();
      x.avg = r.float();
    }
  }
  if (flags & TEXT) {
    let lastText: string | null = null;
    for (const x of entries) {
      const code = r.varint();
      if (code === 1) x.text = lastText;
      else if (code > 1) {
        lastText = fromUtf8.decode(r.bytes(code - 2));
        x.text = lastText;
      }
    }
  }
  return entries;
}

/**
 * Unpacks a rollup row: every series, or only `only` (the others are skipped by their lengths). Zero
 * (negative zero) comes back as 0.
 */
export function decodeRollup(data: Uint8Array, only?: number): Map<number, RollupEntry[]> {
  const r = new Reader(data);
  const out = new Map<number, RollupEntry[]>();
  const count = r.varint();
  let series = 0;
  for (let i = 0; i < count; i++) {
    series += r.varint();
    const length = r.varint();
    if (only !== undefined && series !== only) {
      r.pos += length;
      continue;
    }
    out.set(series, decodeSection(new Reader(r.bytes(length))));
    if (only !== undefined) break;
  }
  return out;
}

/** Finer entries → one entry at `slot`: extremes, average weighted by counts, total count, worst level, last text. */
export function mergeEntries(slot: number, entries: RollupEntry[]): RollupEntry {
  const out: RollupEntry = { slot, min: null, max: null, avg: null, count: 0, worst: 0, text: null };
  let weighted = 0;
  let weight = 0;
  for (const e of [...entries].sort((a, b) => a.slot - b.slot)) {
    out.count += e.count;
    out.worst = Math.max(out.worst, e.worst);
    if (e.text !== null) out.text = e.text;
    if (e.min === null) continue;
    out.min = out.min === null ? e.min : Math.min(out.min, e.min);
    const max = e.max ?? e.min;
    out.max = out.max === null ? max : Math.max(out.max, max);
    weighted += (e.avg ?? e.min) * e.count;
    weight += e.count;
  }
  if (out.min !== null) out.avg = weight > 0 ? weighted / weight : out.min;
  return out;
}
