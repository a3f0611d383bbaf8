import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Link, type ReorderLinksInput, reorderLinksResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderByIds } from '../reorder';
import { bayLinksQueryKey } from './get-links';

/** `PATCH backend/bays/links/reorder` with the full new order; answers the links in that order. */
async function reorderLinks(input: ReorderLinksInput): Promise<Link[]> {
  return reorderLinksResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/bays/links/reorder', input),
  ).data;
}

interface ReorderVariables extends ReorderLinksInput {
  /** The order before the move, put back if the server refuses. */
  previous: Link[];
}

/**
 * Optimistic: `reorder` puts the new order in the cache before it returns (the dragged row must not
 * jump back for a frame), then saves it. A refusal puts the old order back; the server's answer
 * replaces the guess.
 */
export function useReorderLinks() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ bayId, ids }: ReorderVariables) => reorderLinks({ bayId, ids }),
    onError: (_error, { bayId, previous }) => queryClient.setQueryData(bayLinksQueryKey(bayId), previous),
    onSuccess: (links, { bayId }) => queryClient.setQueryData(bayLinksQueryKey(bayId), links),
  });

  const reorder = (
    bayId: string,
    ids: string[],
    callbacks?: { onSuccess?: () => void; onError?: (error: unknown) => void },
  ) => {
    const key = bayLinksQueryKey(bayId);
    const previous = queryClient.getQueryData<Link[]>(key) ?? [];
    void queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Link[]>(key, orderByIds(previous, ids));
    mutation.mutate({ bayId, ids, previous }, callbacks);
  };

  return { reorder, isPending: mutation.isPending };
}
