import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { OutboundClient } from '../lib/outbound';
import { baysRoutes, createBaysService } from '../modules/bays';
import {
  camerasRoutes,
  createCamerasService,
  createSnapshotProxy,
  createSnapshotSigner,
} from '../modules/cameras';
import { dashboardRoutes } from '../modules/dashboard';
import { imagesRoutes } from '../modules/images';
import { createLinksService, linksRoutes } from '../modules/links';
import { createLocationsService, locationsRoutes } from '../modules/locations';
import { createMutesService, mutesRoutes } from '../modules/mutes';

type Deps = { config: Config; db: Db; bus: EventBus; outbound: OutboundClient };

/** Everything Vaskedrift watches (facilities, bays, links, cameras, mutes, the dashboard), wired once. */
export function createLocationModules({ config, db, bus, outbound }: Deps) {
  const signer = createSnapshotSigner(config.secretKey);
  return {
    db,
    bus,
    locations: createLocationsService({ db, bus }),
    bays: createBaysService({ db, bus }),
    links: createLinksService({ db, bus }),
    cameras: createCamerasService({ db, bus, signer }),
    mutes: createMutesService({ db, bus }),
    snapshots: createSnapshotProxy({ db, signer, outbound }),
  };
}

export type LocationModules = ReturnType<typeof createLocationModules>;

/** The /api/v1 routes of locations and what hangs off them. */
export async function locationModulesRoutes(api: FastifyInstance, modules: LocationModules) {
  await api.register(locationsRoutes, { locations: modules.locations });
  await api.register(imagesRoutes, { db: modules.db, bus: modules.bus });
  await api.register(baysRoutes, { bays: modules.bays });
  await api.register(linksRoutes, { links: modules.links });
  await api.register(camerasRoutes, { cameras: modules.cameras, snapshots: modules.snapshots });
  await api.register(mutesRoutes, { mutes: modules.mutes });
  await api.register(dashboardRoutes, { db: modules.db });
}
