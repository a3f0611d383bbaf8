import type { IncidentLevel } from '@vaskedrift/shared';

/*
 * Which message an incident's state gives (docs/domain.md, Incidents; decision 033), pure: the check path
 * and the re-send after a mute or maintenance both ask it.
 */

const RANK: Record<IncidentLevel, number> = { prediction: 1, warning: 2, critical: 3 };
const rank = (level: IncidentLevel | null) => (level ? RANK[level] : 0);

/** An incident as the messages see it. */
export type IncidentState = {
  id: string;
  resolved: boolean;
  /** The highest level recipients were told of; null: nothing yet. */
  told: IncidentLevel | null;
  /**
   * The level to tell: the highest of its open causes whose level held its pending period (an API's
   * incident: its level), else `prediction` while an expected crossing stands; null while none is due.
   */
  due: IncidentLevel | null;
  /** The incident's last notification event, told or suppressed; null: none. */
  lastEventId: number | null;
};

export type IncidentMessage = {
  type: 'incident.opened' | 'incident.worsened' | 'incident.resolved';
  /** Its tag: the level told (resolved: the highest told, so whoever heard of the opening hears of the end). */
  level: IncidentLevel;
  /** What recipients were told before (worsened: the opening's level). */
  previousLevel: IncidentLevel | null;
  /**
   * Once per incident and state: the opening and the worsening are keyed by the incident's last event, so a
   * second instance (or a retry) seeing the same state records nothing, while an opening suppressed by a mute
   * can be told again later; the resolution once for ever.
   */
  dedupeKey: string;
};

/**
 * Resolved and told a fault: `incident.resolved`. Open with a level due above what was told:
 * `incident.opened` when nothing or only a prediction was (a threshold crossed is news to `warning` and
 * `critical` recipients, who were not told the prediction), `incident.worsened` otherwise. Anything else (a
 * level going down, a resolution never told or of a prediction only, a level not yet held for its pending
 * period): nothing. A prediction that passes without a crossing ends quietly (decision 035).
 */
export function incidentMessage(incident: IncidentState): IncidentMessage | null {
  const { id, told, due } = incident;
  if (incident.resolved) {
    return told && told !== 'prediction'
      ? { type: 'incident.resolved', level: told, previousLevel: told, dedupeKey: `incident:${id}:resolved` }
      : null;
  }
  if (!due || rank(due) <= rank(told)) return null;
  const type = told && told !== 'prediction' ? 'incident.worsened' : 'incident.opened';
  return {
    type,
    level: due,
    previousLevel: told,
    dedupeKey: `incident:${id}:${type}:after:${incident.lastEventId ?? 'none'}`,
  };
}
