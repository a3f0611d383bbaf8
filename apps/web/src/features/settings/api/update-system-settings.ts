import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataResponse,
  systemSettingsResponseSchema,
  type UpdateSystemSettingsInput,
} from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { systemSettingsQueryKey } from './get-system-settings';

const responseSchema = dataResponse(systemSettingsResponseSchema);

/** `PATCH backend/settings/update`: the settings given change (superadmin; the change is logged). */
async function updateSystemSettings(input: UpdateSystemSettingsInput) {
  return responseSchema.parse(await apiRequest<unknown>('PATCH', 'backend/settings/update', input)).data;
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryKey, settings),
  });
}
