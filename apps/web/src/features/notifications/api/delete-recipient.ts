import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { RECIPIENTS_KEY } from './get-recipients';

/** `DELETE backend/settings/notifications/delete`. */
async function deleteRecipient(id: string): Promise<void> {
  await apiRequest<unknown>('DELETE', 'backend/settings/notifications/delete', { id });
}

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  });
}
