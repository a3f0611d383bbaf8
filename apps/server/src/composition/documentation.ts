import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { createDataSourcesService, dataSourcesRoutes } from '../modules/data-sources';

/** What `/docs` reads from the server besides the OpenAPI document: the uploaded data sources. */
export function createDocumentation({ db, bus }: { db: Db; bus: EventBus }) {
  return { data: createDataSourcesService({ db, bus }) };
}

export type Documentation = ReturnType<typeof createDocumentation>;

export async function documentationRoutes(api: FastifyInstance, documentation: Documentation) {
  await api.register(dataSourcesRoutes, { data: documentation.data });
}
