import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataResponse,
  type UpdateUserSettingsInput,
  type UserView,
  userViewSchema,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { userViewQueryKey } from '../../../lib/user-data-query';

const viewResponseSchema = dataResponse(userViewSchema);

/** `PATCH backend/users/settings/update`: answers the user's new v_users_data row. */
async function updateUserSettings(input: UpdateUserSettingsInput): Promise<UserView> {
  return viewResponseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/users/settings/update', input))
    .data;
}

/** Saves settings; the answer replaces the cached user data, so the app applies them at once. */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (view) => queryClient.setQueryData(userViewQueryKey(view.profile_id), view),
  });
}
