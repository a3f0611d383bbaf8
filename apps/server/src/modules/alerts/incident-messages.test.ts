import { describe, expect, it } from 'vitest';
import { type IncidentState, incidentMessage } from './incident-messages';

const state = (over: Partial<IncidentState>): IncidentState => ({
  id: 'i-1',
  resolved: false,
  told: null,
  due: null,
  lastEventId: null,
  ...over,
});

describe('incidentMessage', () => {
  it('opens with the level due, keyed by the last event so a retry records nothing twice', () => {
    expect(incidentMessage(state({ due: 'warning' }))).toEqual({
      type: 'incident.opened',
      level: 'warning',
      previousLevel: null,
      dedupeKey: 'incident:i-1:incident.opened:after:none',
    });
    // An opening held back by a mute is told again under a key of its own.
    expect(incidentMessage(state({ due: 'critical', lastEventId: 7 }))?.dedupeKey).toBe(
      'incident:i-1:incident.opened:after:7',
    );
  });

  it('worsens from warning to critical, once; better again or the same says nothing', () => {
    expect(incidentMessage(state({ told: 'warning', due: 'critical', lastEventId: 3 }))).toEqual({
      type: 'incident.worsened',
      level: 'critical',
      previousLevel: 'warning',
      dedupeKey: 'incident:i-1:incident.worsened:after:3',
    });
    expect(incidentMessage(state({ told: 'critical', due: 'warning' }))).toBeNull();
    expect(incidentMessage(state({ told: 'critical', due: 'critical' }))).toBeNull();
  });

  it('says nothing while no cause has held its pending period', () => {
    expect(incidentMessage(state({ due: null }))).toBeNull();
  });

  it('tells the end at the highest level told, and only when something was told', () => {
    expect(incidentMessage(state({ resolved: true, told: 'critical', due: null }))).toEqual({
      type: 'incident.resolved',
      level: 'critical',
      previousLevel: 'critical',
      dedupeKey: 'incident:i-1:resolved',
    });
    expect(incidentMessage(state({ resolved: true, told: null, due: 'critical' }))).toBeNull();
  });

  it('opens at a prediction; a threshold crossed after it opens again for its level, a quiet end', () => {
    expect(incidentMessage(state({ due: 'prediction' }))).toMatchObject({
      type: 'incident.opened',
      level: 'prediction',
      previousLevel: null,
    });
    // A second prediction of the same bay: due as told, nothing.
    expect(incidentMessage(state({ told: 'prediction', due: 'prediction' }))).toBeNull();
    // The threshold trips: an opening for critical recipients, who were not told the prediction.
    expect(incidentMessage(state({ told: 'prediction', due: 'critical', lastEventId: 4 }))).toEqual({
      type: 'incident.opened',
      level: 'critical',
      previousLevel: 'prediction',
      dedupeKey: 'incident:i-1:incident.opened:after:4',
    });
    // The prediction passes without a crossing: no resolution told.
    expect(incidentMessage(state({ resolved: true, told: 'prediction' }))).toBeNull();
  });
});
