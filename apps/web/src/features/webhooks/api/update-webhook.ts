import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateWebhookInput, type Webhook, webhookResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

/** `PATCH backend/webhooks/update`: the fields given change; no `secret` keeps the stored one. */
async function updateWebhook(input: UpdateWebhookInput): Promise<Webhook> {
  return webhookResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/webhooks/update', input))
    .data;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
