import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateRecipientInput, type Recipient, recipientResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { RECIPIENTS_KEY } from './get-recipients';

/** `POST backend/settings/notifications/create`. */
async function createRecipient(input: CreateRecipientInput): Promise<Recipient> {
  return recipientResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/settings/notifications/create', input),
  ).data;
}

export function useCreateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  });
}
