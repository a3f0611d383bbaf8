import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataResponse, systemSettingsResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const responseSchema = dataResponse(systemSettingsResponseSchema);

export const systemSettingsQueryKey = ['settings', 'system'] as const;

/** `POST backend/settings/get`: the system settings in force (admins). */
async function getSystemSettings() {
  return responseSchema.parse(await apiRequest<unknown>('POST', 'backend/settings/get', {})).data;
}

const systemSettingsQueryOptions = () =>
  queryOptions({ queryKey: systemSettingsQueryKey, queryFn: getSystemSettings });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}
