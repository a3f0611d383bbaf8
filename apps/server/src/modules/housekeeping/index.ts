import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createHousekeeping } from './housekeeping';

export type { Housekeeping } from './housekeeping';

/**
 * Gives the app its daily clean-up (decision 013) as `app.housekeeping`: rounds start once the app is
 * ready unless `background` is false (tests run them by hand with `runOnce`), and stop when it closes.
 */
export function registerHousekeeping(
  app: FastifyInstance,
  { db, config, background }: { db: Db; config: Config; background: boolean },
) {
  const housekeeping = createHousekeeping({ db, log: app.log, config: config.housekeeping });
  app.decorate('housekeeping', housekeeping);
  if (background) app.addHook('onReady', async () => housekeeping.start());
  app.addHook('onClose', () => housekeeping.stop());
}
