import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { OutboundClient } from '../lib/outbound';
import { baysRoutes } from './bays/bays.routes';
import { createBaysService } from './bays/bays.service';
import { createSnapshotProxy } from './cameras/camera-snapshot';
import { camerasRoutes } from './cameras/cameras.routes';
import { createCamerasService } from './cameras/cameras.service';
import { createSnapshotSigner } from './cameras/snapshot-token';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { imagesRoutes } from './images/images.routes';
import { linksRoutes } from './links/links.routes';
import { createLinksService } from './links/links.service';
import { locationsRoutes } from './locations/locations.routes';
import { createLocationsService } from './locations/locations.service';

type Deps = { config: Config; db: Db; bus: EventBus; outbound: OutboundClient };

/** Everything Vaskedrift watches (facilities, bays, links, cameras, the dashboard), wired once. */
export function createFacilities({ config, db, bus, outbound }: Deps) {
  const signer = createSnapshotSigner(config.secretKey);
  return {
    db,
    bus,
    locations: createLocationsService({ db, bus }),
    bays: createBaysService({ db, bus }),
    links: createLinksService({ db, bus }),
    cameras: createCamerasService({ db, bus, signer }),
    snapshots: createSnapshotProxy({ db, signer, outbound }),
  };
}

export type Facilities = ReturnType<typeof createFacilities>;

/** The /api/v1 routes of facilities and what hangs off them. */
export async function facilitiesRoutes(api: FastifyInstance, facilities: Facilities) {
  await api.register(locationsRoutes, { locations: facilities.locations });
  await api.register(imagesRoutes, { db: facilities.db, bus: facilities.bus });
  await api.register(baysRoutes, { bays: facilities.bays });
  await api.register(linksRoutes, { links: facilities.links });
  await api.register(camerasRoutes, { cameras: facilities.cameras, snapshots: facilities.snapshots });
  await api.register(dashboardRoutes, { db: facilities.db });
}
