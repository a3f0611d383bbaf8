import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { muteListResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

/** A bay or a whole facility. */
export type MuteScope = { bayId: string } | { locationId: string };

const MUTES_KEY = ['mutes'] as const;

/** `POST backend/mutes/get`: the running mutes of a facility (its own and its bays') or of one bay. */
async function getMutes(scope: MuteScope) {
  return muteListResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/mutes/get', scope)).data;
}

const mutesQueryOptions = (scope: MuteScope) =>
  queryOptions({ queryKey: [...MUTES_KEY, scope], queryFn: () => getMutes(scope) });

export function useMutes(scope: MuteScope) {
  return useQuery(mutesQueryOptions(scope));
}

/** A mute shows here and as the muted mark on the dashboard's tiles. */
export function invalidateMutes(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MUTES_KEY }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
