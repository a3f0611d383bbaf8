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
   * 'Jeg ser på det': an operator or above with access to the facility takes the alert. The first to
   * acknowledge is kept; a resolved alert cannot be acknowledged.
   */
  async function acknowledge(caller: Caller, id: string): Promise<{ data: Alert; message: string }> {
    const alert = await mustFind(caller, id);
    const result = await db.transaction(async (tx) => {
      const done = await acknowledgeAlert(tx, id, caller.userId);
      if (!done) throw new ConflictError(ALERT_MESSAGES.alreadyResolved);
      if (done.first) await insertAcknowledgedEvent(tx, { ...alert, level: done.level }, caller.userId);
      return done;
    });
    if (result.first) {
      bus.publish('alert.acknowledged', {
        userId: caller.userId,
        ip: caller.ip,
        alertId: id,
        bayId: alert.bayId,
        locationId: alert.locationId,
        level: result.level,
      });
    }
    return { data: await mustFind(caller, id), message: ALERT_MESSAGES.acknowledged };
  }

  return { get, acknowledge };
}
