import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMutes, type MuteScope } from './get-mutes';

/** `POST backend/mutes/end`: notifications of the bay or facility are sent again from now. */
async function endMute(scope: MuteScope): Promise<void> {
  await apiRequest<unknown>('POST', 'backend/mutes/end', scope);
}

export function useEndMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMute,
    onSuccess: () => invalidateMutes(queryClient),
  });
}
