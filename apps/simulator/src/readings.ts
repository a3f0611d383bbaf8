/*
 * What a bay's controller measures at a moment, as a deterministic function of (seed, facility, bay, time):
 * nothing is stored or ticked per bay, so 10,000 bays cost nothing between requests and every reading can be
 * recomputed exactly in a test.
 */

type BayCondition = 'running' | 'idle' | 'fault';

/** Shape-independent measurements; each shape renders them its own way. */
export interface BayReading {
  condition: BayCondition;
  /** Water temperature, °C. */
  temperature: number;
  /** Water pressure, bar. */
  pressure: number;
  /** Chemical tank levels, percent. */
  soap: number;
  wax: number;
  rinse: number;
  /** The controller's error number while faulted (rendered as `E42` or `42`). */
  errorCode: number | null;
  doorOpen: boolean;
  /**
   * The wash counter (with `--scenario`, or the `washCounter` option: `wash-counter.ts`): grows with each
   * wash, back to 0 at a reset.
   */
  washCount?: number;
}

export interface ReadingContext {
  seed: number;
  /** Values move slowly and bays now and then fault; off → every bay reads the same steady values forever. */
  drift: boolean;
}

/** A 32-bit integer hash (the "lowbias32" mix) chaining any number of integer inputs. */
function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part | 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x7feb352d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x846ca68b);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A number in [0, 1) fixed by its inputs. */
export function unitHash(...parts: number[]): number {
  return hash(...parts) / 4_294_967_296;
}

/** Salts separating the independent random choices of one bay. */
const SALT = {
  temperature: 1,
  pressure: 2,
  soap: 3,
  wax: 4,
  rinse: 5,
  busy: 6,
  faultHour: 7,
  faultStart: 8,
  faultLength: 9,
  faultCode: 10,
  phase: 11,
} as const;

const HOUR_S = 3600;
/** A bay is running or idle for ten-minute slots. */
const BUSY_SLOT_S = 600;
const BUSY_SHARE = 0.6;
/** The chance that a bay faults in a given hour, and how long a fault lasts. */
const FAULT_CHANCE_PER_HOUR = 0.03;
const FAULT_MIN_S = 120;
const FAULT_MAX_S = 900;
/** Chemical tanks drain from 100 % down to this over a two-to-four-day cycle, then are refilled. */
const TANK_LOW = 12;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The fault that starts in hour `hour` (seconds since the epoch / 3600), if any: its seconds and code. */
export function faultInHour(
  seed: number,
  location: number,
  bay: number,
  hour: number,
): { start: number; end: number; code: number } | null {
  if (unitHash(seed, location, bay, hour, SALT.faultHour) >= FAULT_CHANCE_PER_HOUR) return null;
  const start = hour * HOUR_S + unitHash(seed, location, bay, hour, SALT.faultStart) * HOUR_S;
  const length =
    FAULT_MIN_S + unitHash(seed, location, bay, hour, SALT.faultLength) * (FAULT_MAX_S - FAULT_MIN_S);
  return {
    start,
    end: start + length,
    code: 10 + Math.floor(unitHash(seed, location, bay, hour, SALT.faultCode) * 90),
  };
}

/** The fault active at second `t`, if any; a fault may start in the previous hour and run into this one. */
function faultAt(seed: number, location: number, bay: number, t: number): number | null {
  const hour = Math.floor(t / HOUR_S);
  for (const h of [hour, hour - 1]) {
    const fault = faultInHour(seed, location, bay, h);
    if (fault && t >= fault.start && t < fault.end) return fault.code;
  }
  return null;
}

/** A tank level following a sawtooth: drains linearly, refilled at the end of each cycle. */
function tankLevel(seed: number, location: number, bay: number, salt: number, t: number): number {
  const cycle = (2 + 2 * unitHash(seed, location, bay, salt)) * 24 * HOUR_S;
  const offset = unitHash(seed, location, bay, salt, SALT.phase) * cycle;
  const progress = ((t + offset) % cycle) / cycle;
  return round1(100 - progress * (100 - TANK_LOW));
}

/** The bay's steady values: what it reads without drift, and the centre its drift moves around. */
function baseline(seed: number, location: number, bay: number) {
  return {
    temperature: 36 + 4 * unitHash(seed, location, bay, SALT.temperature),
    pressure: 5.8 + 0.6 * unitHash(seed, location, bay, SALT.pressure),
    soap: 40 + Math.floor(55 * unitHash(seed, location, bay, SALT.soap)),
    wax: 40 + Math.floor(55 * unitHash(seed, location, bay, SALT.wax)),
    rinse: 40 + Math.floor(55 * unitHash(seed, location, bay, SALT.rinse)),
  };
}

/** The reading of bay `bay` (0-based) of facility `facility` (0-based) at `nowMs`. */
export function readBay(context: ReadingContext, location: number, bay: number, nowMs: number): BayReading {
  const { seed } = context;
  const base = baseline(seed, location, bay);
  if (!context.drift) {
    return {
      condition: 'running',
      temperature: round1(base.temperature),
      pressure: round1(base.pressure),
      soap: base.soap,
      wax: base.wax,
      rinse: base.rinse,
      errorCode: null,
      doorOpen: false,
    };
  }
  const t = nowMs / 1000;
  const phase = 2 * Math.PI * unitHash(seed, location, bay, SALT.phase);
  const wave =
    Math.sin((2 * Math.PI * t) / HOUR_S + phase) + 0.5 * Math.sin((2 * Math.PI * t) / 420 + 2 * phase);
  const busy = unitHash(seed, location, bay, Math.floor(t / BUSY_SLOT_S), SALT.busy) < BUSY_SHARE;
  const errorCode = faultAt(seed, location, bay, t);
  const condition: BayCondition = errorCode !== null ? 'fault' : busy ? 'running' : 'idle';
  const temperature = base.temperature + 1.5 * wave - (condition === 'idle' ? 8 : 0);
  const pressure =
    condition === 'fault'
      ? 0.8 + 0.4 * unitHash(seed, location, bay, errorCode ?? 0)
      : base.pressure + 0.2 * wave;
  return {
    condition,
    temperature: round1(temperature),
    pressure: round1(pressure),
    soap: tankLevel(seed, location, bay, SALT.soap, t),
    wax: tankLevel(seed, location, bay, SALT.wax, t),
    rinse: tankLevel(seed, location, bay, SALT.rinse, t),
    errorCode,
    doorOpen: false,
  };
}
