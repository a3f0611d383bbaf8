import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateMuteInput, muteResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMutes } from './get-mutes';

/** `POST backend/mutes/create`: mutes a bay or a facility for some hours. */
async function createMute(input: CreateMuteInput) {
  return muteResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/mutes/create', input)).data;
}

export function useCreateMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMute,
    onSuccess: () => invalidateMutes(queryClient),
  });
}
