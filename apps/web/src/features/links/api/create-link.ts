import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateLinkInput, dataResponse, type Link, linkSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { bayLinksQueryKey } from './get-links';

const linkResponseSchema = dataResponse(linkSchema);

/** `POST backend/bays/links/create` (admins); placed last unless a sort order is given. */
async function createLink(input: CreateLinkInput): Promise<Link> {
  return linkResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/bays/links/create', input)).data;
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: (link) => queryClient.invalidateQueries({ queryKey: bayLinksQueryKey(link.bayId) }),
  });
}
