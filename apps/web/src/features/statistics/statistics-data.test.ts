import type { AlertMarker, MaintenanceMarker, ReadingPoint } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import {
  availabilitySeries,
  bayMarkers,
  readingSeries,
  statusSegments,
  thresholdLines,
  washSeries,
} from './statistics-data';

const iso = (s: number) => new Date(s * 1000).toISOString();
const alert = (over: Partial<AlertMarker>): AlertMarker => ({
  id: 'a1',
  bayMetricId: 'm1',
  attributeName: 'Trykk',
  level: 'critical',
  openedAt: iso(100),
  resolvedAt: iso(200),
  inMaintenance: false,
  ...over,
});
const job: MaintenanceMarker = {
  id: 'j1',
  type: 'service',
  startedAt: iso(300),
  endedAt: null,
  assigneeName: 'Ola',
  enabledByName: 'Kari',
};

describe('statistics data', () => {
  it('turns status periods into timeline segments in seconds', () => {
    expect(statusSegments([{ status: 'error', from: iso(10), to: iso(20) }])).toEqual([
      { from: 10, to: 20, kind: 'error' },
    ]);
  });

  it('marks jobs and alerts, open ones until now, and only one attribute’s alerts when asked', () => {
    const alerts = [alert({}), alert({ id: 'a2', bayMetricId: 'm2', level: 'warning', resolvedAt: null })];
    const label = { maintenance: (m: MaintenanceMarker) => `${m.type} ${m.assigneeName}` };
    expect(bayMarkers(alerts, [job], 1000, label)).toEqual([
      { kind: 'maintenance', from: 300, to: 1000, label: 'service Ola' },
      { kind: 'alert', level: 'critical', from: 100, to: 200, label: 'Trykk' },
      { kind: 'alert', level: 'warning', from: 100, to: 1000, label: 'Trykk' },
    ]);
    expect(bayMarkers(alerts, [job], 1000, label, 'm2').map((m) => m.kind)).toEqual(['maintenance', 'alert']);
  });

  it('draws availability in the middle of each whole bucket, gaps where nothing was observed', () => {
    expect(
      availabilitySeries([
        { from: iso(0), to: iso(86_400), observedSeconds: 0, downtimeSeconds: 0, availability: null },
        { from: iso(86_400), to: iso(172_800), observedSeconds: 10, downtimeSeconds: 1, availability: 90 },
      ]),
    ).toEqual({ times: [43_200, 129_600], values: [null, 90], span: [0, 172_800] });
    expect(availabilitySeries([]).span).toBeUndefined();
  });

  it('splits readings into the line, its band and the levels; text readings are not numeric', () => {
    const point = (at: number, avg: number | null, level: ReadingPoint['level']): ReadingPoint => ({
      at: iso(at),
      min: avg == null ? null : avg - 1,
      max: avg == null ? null : avg + 1,
      avg,
      text: avg == null ? 'feil' : null,
      count: 1,
      level,
    });
    const numeric = readingSeries([point(0, 5, 'active'), point(60, 95, 'critical')]);
    expect(numeric).toMatchObject({
      times: [0, 60],
      avg: [5, 95],
      min: [4, 94],
      max: [6, 96],
      numeric: true,
    });
    expect(numeric.levels).toEqual(['active', 'critical']);
    expect(readingSeries([point(0, null, 'warning')]).numeric).toBe(false);
  });

  it('labels threshold lines with level, operator and value', () => {
    const lines = thresholdLines(
      { operator: 'gt', thresholdWarning: 80, thresholdCritical: 90.5 },
      { warning: 'Advarsel', critical: 'Kritisk' },
      (v) => String(v).replace('.', ','),
    );
    expect(lines).toEqual([
      { level: 'critical', value: 90.5, label: 'Kritisk > 90,5' },
      { level: 'warning', value: 80, label: 'Advarsel > 80' },
    ]);
    expect(
      thresholdLines(
        { operator: 'lt', thresholdWarning: null, thresholdCritical: null },
        { warning: '', critical: '' },
        String,
      ),
    ).toEqual([]);
  });
});

describe('washSeries', () => {
  it('puts each bar in the middle of its hour or day and keeps the gaps', () => {
    const points = [
      { at: '2026-01-29T10:00:00.000Z', washes: 3, expected: 8 },
      { at: '2026-01-29T11:00:00.000Z', washes: null, expected: null },
    ];
    const hours = washSeries(points, 'hour');
    expect(hours.times).toEqual([
      Date.parse('2026-01-29T10:30:00Z') / 1000,
      Date.parse('2026-01-29T11:30:00Z') / 1000,
    ]);
    expect(hours.washes).toEqual([3, null]);
    expect(hours.expected).toEqual([8, null]);
    expect(washSeries(points.slice(0, 1), 'day').times).toEqual([Date.parse('2026-01-29T22:00:00Z') / 1000]);
  });
});
