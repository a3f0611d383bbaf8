import type { IncidentLevel } from '@vaskedrift/shared';

/*
 * Which message an incident's state gives (docs/domain.md, Incidents; decision 033), pure: the check path
 * and the re-send after a mute or maintenance both ask it.
 */

const RANK: Record<IncidentLevel, number> = { warning: 1, critical: 2 };
const rank = (level: IncidentLevel | null) => (level ? RANK[level] : 0);

/** An incident as the messages see it. */
export type IncidentState = {
  id: string;
  resolved: boolean;
  /** The highest level recipients were told of; null: nothing yet. */
  told: IncidentLevel | null;
  /**
   * The level to tell: the highest of its open causes whose level held its pending period (an API's
   * incident: its level); null while none has.
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
 * Resolved and told: `incident.resolved`. Open with a level due above what was told: `incident.opened` when
 * nothing was, `incident.worsened` otherwise. Anything else (a level going down, a resolution never told,
 * a level not yet held for its pending period): nothing.
 */
export function incidentMessage(incident: IncidentState): IncidentMessage | null {
  const { id, told, due } = incident;
  if (incident.resolved) {
    return told
      ? { type: 'incident.resolved', level: told, previousLevel: told, dedupeKey: `incident:${id}:resolved` }
      : null;
  }
  if (!due || rank(due) <= rank(told)) return null;
  const type = told ? 'incident.worsened' : 'incident.opened';
  return {
    type,
    level: due,
    previousLevel: told,
    dedupeKey: `incident:${id}:${type}:after:${incident.lastEventId ?? 'none'}`,
  };
}
