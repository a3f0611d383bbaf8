import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateWebhookInput, type Webhook, webhookResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

/** `POST backend/webhooks/create`. */
async function createWebhook(input: CreateWebhookInput): Promise<Webhook> {
  return webhookResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/webhooks/create', input))
    .data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
