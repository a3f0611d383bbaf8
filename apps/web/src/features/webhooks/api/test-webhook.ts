import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookTestResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

/** `POST backend/webhooks/test`: sends a `webhook.test` event now; answers the attempt and how it went. */
async function testWebhook(id: string) {
  return webhookTestResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/webhooks/test', { id }));
}

/** The attempt joins the delivery log and may change the list's last delivery. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
