import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Bay, baySchema, dataResponse, type UpdateBayInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { invalidateLocationData } from '../../../lib/invalidate-location-data';
import { bayQueryKey } from './get-bay';

const bayResponseSchema = dataResponse(baySchema);

/** `PATCH backend/bays/update`: a status set here is manual (refused while the bay has attributes). */
async function updateBay(input: UpdateBayInput): Promise<Bay> {
  return bayResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/bays/update', input)).data;
}

export function useUpdateBay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBay,
    onSuccess: (bay) => {
      queryClient.setQueryData(bayQueryKey(bay.id), bay);
      return invalidateLocationData(queryClient);
    },
  });
}
