import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Bay, baySchema, type CreateBayInput, dataResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';

const bayResponseSchema = dataResponse(baySchema);

/** `POST backend/bays/create` (admins); placed last unless a sort order is given. */
async function createBay(input: CreateBayInput): Promise<Bay> {
  return bayResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/bays/create', input)).data;
}

export function useCreateBay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBay,
    onSuccess: () => invalidateLocationData(queryClient),
  });
}
