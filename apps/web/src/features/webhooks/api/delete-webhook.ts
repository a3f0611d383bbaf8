import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

/** `DELETE backend/webhooks/delete`: the webhook and its delivery log. */
async function deleteWebhook(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', 'backend/webhooks/delete', { id });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
