import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataResponse, type GroupDetail, groupDetailSchema, type UpdateGroupInput } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { groupQueryKey } from './get-group';

const groupResponseSchema = dataResponse(groupDetailSchema);

/** `PATCH backend/groups/update`: the fields given change; `members` replaces the member list. */
async function updateGroup(input: UpdateGroupInput): Promise<GroupDetail> {
  return groupResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/groups/update', input)).data;
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: async (group) => {
      queryClient.setQueryData(groupQueryKey(group.id), group);
      // Member counts in the list and group badges on users change with the members.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['groups', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}
