import { useMutation } from '@tanstack/react-query';
import { type DeletedUserFactors, dataResponse, deletedUserFactorsSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const responseSchema = dataResponse(deletedUserFactorsSchema);

/** `DELETE backend/users/factors/delete` (admins; never oneself or someone above one's level). */
async function deleteUserFactors(userId: string): Promise<DeletedUserFactors> {
  return responseSchema.parse(await apiRequest<unknown>('DELETE', 'backend/users/factors/delete', { userId }))
    .data;
}

export function useDeleteUserFactors() {
  return useMutation({ mutationFn: deleteUserFactors });
}
