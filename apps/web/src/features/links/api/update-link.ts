import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type Link, linkSchema, type UpdateLinkInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { bayLinksQueryKey } from './get-links';

const linkResponseSchema = dataResponse(linkSchema);

/** `PATCH backend/bays/links/update` (admins). */
async function updateLink(input: UpdateLinkInput): Promise<Link> {
  return linkResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/bays/links/update', input))
    .data;
}

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: (link) => queryClient.invalidateQueries({ queryKey: bayLinksQueryKey(link.bayId) }),
  });
}
