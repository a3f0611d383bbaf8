import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateGroupInput, dataResponse, type GroupDetail, groupDetailSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { groupQueryKey } from './get-group';

const groupResponseSchema = dataResponse(groupDetailSchema);

/** `POST backend/groups/create`. */
async function createGroup(input: CreateGroupInput): Promise<GroupDetail> {
  return groupResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/groups/create', input)).data;
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: async (group) => {
      queryClient.setQueryData(groupQueryKey(group.id), group);
      await queryClient.invalidateQueries({ queryKey: ['groups', 'list'] });
    },
  });
}
