import { type DbView, dataResponse, dbViewGetSchema, userViewSchema } from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Caller, callerOf } from '../../plugins/authenticate';

/**
 * One reader per whitelisted view, given by the module that owns the view (through the composition file):
 * each applies that module's own access rules, so this route adds no way around them (decision 025).
 */
export type DbViewReaders = { [V in DbView]: (caller: Caller, id: string) => Promise<unknown> };

/** The response of each view, for validation and the OpenAPI document. */
const viewRows = z.union([userViewSchema]);

export async function dbviewsRoutes(app: FastifyInstance, { readers }: { readers: DbViewReaders }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/dbviews/get',
    {
      schema: {
        tags: ['dbviews'],
        summary:
          'Én rad i en navngitt databasevisning ({view: "v_users_data", id}), med samme tilgang som visningens egen les',
        body: dbViewGetSchema,
        response: { 200: dataResponse(viewRows) },
      },
    },
    async (request) => ({
      data: (await readers[request.body.view](callerOf(request), request.body.id)) as z.infer<
        typeof viewRows
      >,
    }),
  );
}
