import type { Operator, ValueType } from '@vaskedrift/shared/evaluation';
import type { BayReading } from './readings';

/*
 * The three JSON shapes the simulated controllers answer in, modelled on what car-wash controllers and
 * their cloud services really send: A nests bays in an object, B is a bare array of devices with numbers
 * as Norwegian-formatted strings, C hides units two levels down with values in a key/value sensor list.
 */

export const SHAPES = ['A', 'B', 'C'] as const;
export type Shape = (typeof SHAPES)[number];

type Thresholds = {
  thresholdCritical: string;
  thresholdWarning: string;
  thresholdInactive: string;
  thresholdActive: string;
};

/** A bay attribute a demo loader can create as is: a normal reading is `active`. */
export interface SuggestedAttribute {
  name: string;
  description: string;
  path: string;
  type: ValueType;
  operator: Operator;
  /** How a bay attribute shows the value (docs/domain.md, Words): its unit, or its words for true and false. */
  unit?: string;
  trueLabel?: string;
  falseLabel?: string;
  thresholds: Thresholds;
}

interface ShapeBay {
  /** The value of the record's key identifier, as a bay attribute's `keyValue`. */
  key: string;
  name: string;
  /** 0-based position, the input of the readings. */
  index: number;
}

interface ShapeDefinition {
  /** The endpoint path of a facility, e.g. `/a/anlegg-001/status`. */
  endpointPath(locationId: string): string;
  recordsPath?: string;
  keyIdentifier: string;
  bayKey(locationNumber: number, bayNumber: number): string;
  record(bay: ShapeBay, reading: BayReading): Record<string, unknown>;
  body(context: { locationName: string; now: Date }, records: Record<string, unknown>[]): unknown;
  suggestedAttributes: SuggestedAttribute[];
  /** The bay attribute of its wash counter, answered only with the counter on (`BayReading.washCount`). */
  washCounter: SuggestedAttribute;
}

function thresholds(critical: string, warning: string, inactive: string, active: string): Thresholds {
  return {
    thresholdCritical: critical,
    thresholdWarning: warning,
    thresholdInactive: inactive,
    thresholdActive: active,
  };
}

const temperature = (path: string): SuggestedAttribute => ({
  name: 'Temperatur',
  description: 'Vanntemperatur i °C',
  path,
  type: 'number',
  operator: 'gt',
  unit: '°C',
  thresholds: thresholds('90', '70', '', '0'),
});

const pressure = (path: string): SuggestedAttribute => ({
  name: 'Vanntrykk',
  description: 'Vanntrykk i bar; et trykkfall betyr feil på pumpen',
  path,
  type: 'number',
  operator: 'lt',
  unit: 'bar',
  thresholds: thresholds('2', '4', '', '100'),
});

const tank = (name: string, path: string): SuggestedAttribute => ({
  name,
  description: 'Nivå i tanken i prosent',
  path,
  type: 'number',
  operator: 'lte',
  unit: '%',
  thresholds: thresholds('5', '15', '', '100'),
});

/** A wash counter: no thresholds, its level is whether it is read (docs/domain.md, Washes). */
const washCounter = (path: string): SuggestedAttribute => ({
  name: 'Vasketeller',
  description: 'Vask startet; telleren kan starte på 0 igjen',
  path,
  type: 'counter',
  operator: 'gte',
  thresholds: thresholds('', '', '', ''),
});

/** The wash counter's field of a record, left out when the controller has none. */
const washCountField = (key: string, reading: BayReading) =>
  reading.washCount === undefined ? {} : { [key]: reading.washCount };

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const decimalComma = (value: number) => value.toFixed(1).replace('.', ',');

const STATE_A: Record<BayReading['condition'], string> = { running: 'RUNNING', idle: 'IDLE', fault: 'ERROR' };

export const SHAPE_DEFINITIONS: Record<Shape, ShapeDefinition> = {
  A: {
    endpointPath: (id) => `/a/${encodeURIComponent(id)}/status`,
    keyIdentifier: 'bayId',
    bayKey: (_location, bay) => `hall-${bay}`,
    record: (bay, reading) => ({
      bayId: bay.key,
      state: STATE_A[reading.condition],
      temperature: reading.temperature,
      waterPressure: reading.pressure,
      chemicals: { soap: reading.soap, wax: reading.wax, rinse: reading.rinse },
      errorCode: reading.errorCode === null ? null : `E${reading.errorCode}`,
      doorOpen: reading.doorOpen,
      ...washCountField('washCount', reading),
    }),
    body: ({ locationName, now }, records) => ({
      site: locationName,
      updatedAt: now.toISOString(),
      bays: records,
    }),
    suggestedAttributes: [
      temperature('temperature'),
      pressure('waterPressure'),
      tank('Såpenivå', 'chemicals.soap'),
      tank('Voksnivå', 'chemicals.wax'),
      {
        name: 'Dør',
        description: 'Døren til vaskehallen står åpen',
        path: 'doorOpen',
        type: 'boolean',
        operator: 'eq',
        trueLabel: 'Åpen',
        falseLabel: 'Lukket',
        thresholds: thresholds('', 'true', '', 'false'),
      },
    ],
    washCounter: washCounter('washCount'),
  },
  B: {
    endpointPath: (id) => `/b/${encodeURIComponent(id)}/devices`,
    keyIdentifier: 'device.id',
    bayKey: (location, bay) => `B-${pad(location, 4)}-${pad(bay, 2)}`,
    record: (bay, reading) => ({
      device: { id: bay.key, type: 'washbay' },
      values: {
        status: reading.condition === 'fault' ? 'fault' : reading.soap <= 15 ? 'warn' : 'ok',
        temp_c: decimalComma(reading.temperature),
        pressure_bar: reading.pressure,
        detergent_pct: reading.soap,
        online: 'true',
        ...washCountField('wash_count', reading),
      },
    }),
    body: (_context, records) => records,
    suggestedAttributes: [
      {
        name: 'Status',
        description: 'Kontrollerens egen status',
        path: 'values.status',
        type: 'string',
        operator: 'eq',
        thresholds: thresholds('fault', 'warn', '', 'ok'),
      },
      temperature('values.temp_c'),
      pressure('values.pressure_bar'),
      tank('Vaskemiddelnivå', 'values.detergent_pct'),
      {
        name: 'Tilkoblet',
        description: 'Kontrolleren svarer',
        path: 'values.online',
        type: 'boolean',
        operator: 'eq',
        trueLabel: 'Ja',
        falseLabel: 'Nei',
        thresholds: thresholds('', '', 'false', 'true'),
      },
    ],
    washCounter: washCounter('values.wash_count'),
  },
  C: {
    endpointPath: (id) => `/c/${encodeURIComponent(id)}/telemetry`,
    recordsPath: 'data.units',
    keyIdentifier: 'unit',
    bayKey: (_location, bay) => String(bay),
    record: (bay, reading) => ({
      unit: bay.index + 1,
      name: bay.name,
      sensors: [
        { k: 'temp', v: reading.temperature },
        { k: 'pressure', v: reading.pressure },
        { k: 'soap', v: reading.soap },
      ],
      alarm: { active: reading.condition === 'fault', code: reading.errorCode ?? 0 },
      running: reading.condition === 'running',
      ...washCountField('cycles', reading),
    }),
    body: (_context, records) => ({ data: { units: records } }),
    suggestedAttributes: [
      temperature('sensors[0].v'),
      pressure('sensors[1].v'),
      tank('Såpenivå', 'sensors[2].v'),
      {
        name: 'Alarm',
        description: 'Kontrolleren melder alarm',
        path: 'alarm.active',
        type: 'boolean',
        operator: 'eq',
        trueLabel: 'Utløst',
        falseLabel: 'Ingen',
        thresholds: thresholds('true', '', '', 'false'),
      },
      {
        name: 'Feilkode',
        description: 'Kontrollerens feilkode; 0 er ingen feil',
        path: 'alarm.code',
        type: 'number',
        operator: 'gt',
        thresholds: thresholds('0', '', '', '-1'),
      },
    ],
    washCounter: washCounter('cycles'),
  },
};
