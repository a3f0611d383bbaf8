import {
  type AttributeLevel,
  type AttributeValue,
  type Operator,
  type ParsedPath,
  type PreparedBayMetric,
  prepareAttribute,
  type ValueType,
} from '@vaskedrift/shared';
import type { AttributeResult } from './attributes.repository';
import type { RuleCore } from './rules.repository';

/*
 * The rules cache's compact form (issue 28, decision 009): an API's cached rules are one table, not an
 * object a rule. What many rules share (key identifier, path, type, operator, thresholds, deadband, pending
 * period, the parsed path and converted thresholds) is one interned `RuleTemplate` for every bay with the
 * same attribute; what is a rule's own is a row of numbers in two typed arrays (series, level, level
 * checks, stored value and time), its bay's key value an interned string, and the rare texts (a stored
 * string value, a no-data reason) in arrays made only when one is there. A quiet check reads the rules
 * through `CachedRule` views made per check (an object of two fields, garbage after the check), which
 * are also the prepared form `evaluateAttribute` reads, so a check prepares nothing.
 */

/** What every rule with the same attribute definition shares; one object for all of them. */
type RuleTemplate = {
  readonly keyIdentifier: string;
  readonly path: string;
  readonly type: ValueType;
  readonly operator: Operator;
  readonly thresholdActive: string;
  readonly thresholdWarning: string;
  readonly thresholdCritical: string;
  readonly thresholdInactive: string;
  readonly deadbandPercent: number | null;
  readonly pendingChecks: number;
  readonly parsedPath: ParsedPath | null;
  readonly thresholds: PreparedBayMetric['thresholds'];
};

const LEVELS: readonly (AttributeLevel | null)[] = [
  null,
  'active',
  'inactive',
  'warning',
  'critical',
  'nodata',
];
const levelCode = (level: AttributeLevel | null) => LEVELS.indexOf(level);

/** The columns of a rule's row in `ints`. */
const SERIES = 0;
const LEVEL = 1;
const LEVEL_CHECKS = 2;
const STORED_KIND = 3;
const INTS = 4;
/** The columns of a rule's row in `floats`. */
const STORED_AT = 0;
const STORED_NUMBER = 1;
const FLOATS = 2;

/** How the stored value is held: in `floats` (a number), by its kind (null, booleans), or in `storedOthers`. */
const NONE = 0;
const NUMBER = 1;
const FALSE = 2;
const TRUE = 3;
const OTHER = 4;

/** Distinct strings and templates kept for sharing before each map starts over (the rules keep theirs). */
const INTERNED_MAX = 1_000_000;
const TEMPLATES_MAX = 100_000;

/** Shares equal strings and templates between the cached rules of every API. */
export function createRulesInterning() {
  const strings = new Map<string, string>();
  const templates = new Map<string, RuleTemplate>();

  function intern<T extends string | null>(text: T): T {
    if (text === null) return text;
    const known = strings.get(text);
    if (known !== undefined) return known as T;
    if (strings.size >= INTERNED_MAX) strings.clear();
    strings.set(text, text);
    return text;
  }

  function templateOf(rule: RuleCore): RuleTemplate {
    const key = [
      rule.keyIdentifier,
      rule.path,
      rule.type,
      rule.operator,
      rule.thresholdActive,
      rule.thresholdWarning,
      rule.thresholdCritical,
      rule.thresholdInactive,
      rule.deadbandPercent,
      rule.pendingChecks,
    ].join('\u0000');
    const known = templates.get(key);
    if (known) return known;
    const prepared = prepareAttribute(rule);
    const template: RuleTemplate = {
      keyIdentifier: intern(rule.keyIdentifier),
      path: intern(rule.path),
      type: rule.type,
      operator: rule.operator,
      thresholdActive: intern(rule.thresholdActive),
      thresholdWarning: intern(rule.thresholdWarning),
      thresholdCritical: intern(rule.thresholdCritical),
      thresholdInactive: intern(rule.thresholdInactive),
      deadbandPercent: rule.deadbandPercent,
      pendingChecks: rule.pendingChecks,
      parsedPath: prepared.parsedPath,
      thresholds: prepared.thresholds,
    };
    if (templates.size >= TEMPLATES_MAX) templates.clear();
    templates.set(key, template);
    return template;
  }

  return { intern, templateOf, sizes: () => ({ strings: strings.size, templates: templates.size }) };
}

export type RulesInterning = ReturnType<typeof createRulesInterning>;

/** An API's rules as the cache keeps them: a row a rule (see the top of this file). */
export class CachedRules {
  readonly length: number;
  readonly templates: RuleTemplate[];
  readonly keyValues: string[];
  readonly ints: Int32Array;
  readonly floats: Float64Array;
  /** Stored values that are neither numbers, booleans nor null (strings, interned), by rule. */
  storedOthers: unknown[] | undefined;
  /** The last no-data reason of rules whose level is `nodata` (the only reason a quiet check compares). */
  reasons: (string | null)[] | undefined;

  constructor(
    rules: readonly RuleCore[],
    private readonly interning: RulesInterning,
  ) {
    const n = rules.length;
    this.length = n;
    this.templates = new Array(n);
    this.keyValues = new Array(n);
    this.ints = new Int32Array(n * INTS);
    this.floats = new Float64Array(n * FLOATS);
    for (let i = 0; i < n; i++) {
      const rule = rules[i] as RuleCore;
      this.templates[i] = interning.templateOf(rule);
      this.keyValues[i] = interning.intern(rule.keyValue);
      this.ints[i * INTS + SERIES] = rule.series;
      this.ints[i * INTS + LEVEL] = levelCode(rule.lastLevel);
      this.ints[i * INTS + LEVEL_CHECKS] = rule.levelChecks;
      this.setStored(
        i,
        rule.storedValue,
        rule.storedAt,
        rule.lastLevel === 'nodata' ? rule.lastReason : null,
      );
    }
  }

  /** Views of every rule for one check. */
  views(): CachedRule[] {
    const views = new Array<CachedRule>(this.length);
    for (let i = 0; i < this.length; i++) views[i] = new CachedRule(this, i);
    return views;
  }

  storedValue(i: number): RuleCore['storedValue'] {
    switch (this.ints[i * INTS + STORED_KIND]) {
      case NUMBER:
        return this.floats[i * FLOATS + STORED_NUMBER] as number;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case OTHER:
        return this.storedOthers?.[i] as RuleCore['storedValue'];
      default:
        return null;
    }
  }

  /** A rule's stored value, its time and (for `nodata`) its last reason, as a quiet check wrote them. */
  setStored(i: number, value: unknown, at: Date | null, reason: string | null) {
    let kind = NONE;
    if (typeof value === 'number') {
      kind = NUMBER;
      this.floats[i * FLOATS + STORED_NUMBER] = value;
    } else if (value === true || value === false) kind = value ? TRUE : FALSE;
    else if (value !== null && value !== undefined) {
      kind = OTHER;
      this.storedOthers ??= new Array(this.length).fill(null);
      this.storedOthers[i] = typeof value === 'string' ? this.interning.intern(value) : value;
    }
    this.ints[i * INTS + STORED_KIND] = kind;
    this.floats[i * FLOATS + STORED_AT] = at === null ? Number.NaN : at.getTime();
    if (reason !== null || this.reasons) {
      this.reasons ??= new Array(this.length).fill(null);
      this.reasons[i] = reason === null ? null : this.interning.intern(reason);
    }
  }

  int(i: number, column: number): number {
    return this.ints[i * INTS + column] as number;
  }

  storedAtMs(i: number): number {
    return this.floats[i * FLOATS + STORED_AT] as number;
  }
}

/**
 * One cached rule as a check reads it: the fields of `RuleCore` read from its API's table, and itself its
 * prepared form (`preparedRule`). Made per check; a quiet check's write sets the stored value through it.
 */
export class CachedRule implements RuleCore, PreparedBayMetric {
  constructor(
    readonly table: CachedRules,
    private readonly i: number,
  ) {}

  private get template(): RuleTemplate {
    return this.table.templates[this.i] as RuleTemplate;
  }
  get prepared(): true {
    return true;
  }
  get preparedRule(): PreparedBayMetric {
    return this;
  }
  get parsedPath() {
    return this.template.parsedPath;
  }
  get thresholds() {
    return this.template.thresholds;
  }
  get series() {
    return this.table.int(this.i, SERIES);
  }
  get keyIdentifier() {
    return this.template.keyIdentifier;
  }
  get keyValue() {
    return this.table.keyValues[this.i] as string;
  }
  get path() {
    return this.template.path;
  }
  get type() {
    return this.template.type;
  }
  get operator() {
    return this.template.operator;
  }
  get thresholdActive() {
    return this.template.thresholdActive;
  }
  get thresholdWarning() {
    return this.template.thresholdWarning;
  }
  get thresholdCritical() {
    return this.template.thresholdCritical;
  }
  get thresholdInactive() {
    return this.template.thresholdInactive;
  }
  get deadbandPercent() {
    return this.template.deadbandPercent;
  }
  get pendingChecks() {
    return this.template.pendingChecks;
  }
  get lastLevel() {
    return LEVELS[this.table.int(this.i, LEVEL)] ?? null;
  }
  get levelChecks() {
    return this.table.int(this.i, LEVEL_CHECKS);
  }
  get lastReason() {
    return this.table.reasons?.[this.i] ?? null;
  }
  get storedValue() {
    return this.table.storedValue(this.i);
  }
  get storedAt() {
    const ms = this.table.storedAtMs(this.i);
    return Number.isNaN(ms) ? null : new Date(ms);
  }

  /** What a quiet check wrote: its stored value and time, and the reason when the level is `nodata`. */
  stored(value: AttributeValue | null, at: Date, level: AttributeLevel, reason: string) {
    this.table.setStored(this.i, value, at, level === 'nodata' ? reason : null);
  }
}

/**
 * An API's rules as this instance's full check left them (issue 28): the rules it read in its transaction
 * with what it wrote of each (level and reason, the reading stored and its time, the pending count), as
 * `writeAttributeResults` writes them. The instance that moved `rules_version` on knows the rules of the
 * new version, so its next quiet check need not read them again; rules not written are as read.
 */
export function rulesAfterCheck(
  rules: readonly RuleCore[],
  written: readonly AttributeResult[],
  at: Date,
): RuleCore[] {
  const bySeries = new Map(written.map((w) => [w.series, w]));
  return rules.map((rule) => {
    const w = bySeries.get(rule.series);
    if (!w) return rule;
    return {
      ...rule,
      lastLevel: w.level,
      lastReason: w.reason,
      storedValue: w.stored ? w.value : rule.storedValue,
      storedAt: w.stored ? at : rule.storedAt,
      levelChecks: w.levelChecks ?? rule.levelChecks,
    };
  });
}
