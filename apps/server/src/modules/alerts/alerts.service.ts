import { ALERT_MESSAGES, type Alert, type AlertDetail, type getAlertsSchema } from '@vaskedrift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Caller, Viewer } from '../../plugins/authenticate';
import {
  acknowledgeAlert,
  alertEventsOf,
  findAlert,
  insertAcknowledgedEvent,
  listAlerts,
} from './alerts.repository';
import { acknowledgeIncidentOf } from './incidents.repository';

type GetInput = z.output<typeof getAlertsSchema>;
export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService({ db, bus }: { db: Db; bus: EventBus }) {
  async function mustFind(viewer: Viewer, id: string): Promise<Alert> {
    const alert = await findAlert(db, viewer, id);
    if (!alert) throw new NotFoundError(ALERT_MESSAGES.notFound);
    return alert;
  }

  async function get(
    viewer: Viewer,
    input: GetInput,
  ): Promise<{ data: AlertDetail } | { data: Alert[]; count: number }> {
    if (input.id) {
      const alert = await mustFind(viewer, input.id);
      return { data: { ...alert, events: await alertEventsOf(db, alert.id) } };
    }
    return listAlerts(db, viewer, input);
  }

  /**
   * 'Jeg ser på det': an operator or above with access to the facility takes the alert, and with it its
   * incident and every other open alert of it (decision 033), each with its audit entry and live event. The
   * first to acknowledge is kept; a resolved alert cannot be acknowledged.
   */
  async function acknowledge(caller: Caller, id: string): Promise<{ data: Alert; message: string }> {
    const alert = await mustFind(caller, id);
    const acknowledged = await db.transaction(async (tx) => {
      const done = await acknowledgeAlert(tx, id, caller.userId);
      if (!done) throw new ConflictError(ALERT_MESSAGES.alreadyResolved);
      const taken = [
        ...(done.first ? [{ ...alert, level: done.level }] : []),
        ...(await acknowledgeIncidentOf(tx, id, caller.userId)),
      ];
      for (const one of taken) await insertAcknowledgedEvent(tx, one, caller.userId);
      return taken;
    });
    for (const one of acknowledged) {
      bus.publish('alert.acknowledged', {
        userId: caller.userId,
        ip: caller.ip,
        alertId: one.id,
        bayId: one.bayId,
        locationId: one.locationId,
        level: one.level,
      });
    }
    return { data: await mustFind(caller, id), message: ALERT_MESSAGES.acknowledged };
  }

  return { get, acknowledge };
}
