import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Recipient, recipientResponseSchema, type UpdateRecipientInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { RECIPIENTS_KEY } from './get-recipients';

/** `PATCH backend/settings/notifications/update`: who the recipient is stays; tags, reminder and scope change. */
async function updateRecipient(input: UpdateRecipientInput): Promise<Recipient> {
  return recipientResponseSchema.parse(
    await apiRequest<unknown>('PATCH', 'backend/settings/notifications/update', input),
  ).data;
}

export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  });
}
