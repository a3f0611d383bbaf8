import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ApiCheckRequest,
  type ApiCheckResult,
  apiCheckResultSchema,
  dataResponse,
} from '@vaskedrift/shared';
import { apiRequest } from '../api-client';

const checkResponseSchema = dataResponse(apiCheckResultSchema);

/**
 * `POST backend/apis/check`: calls the API now and answers what it saw (status, time, bytes, records, keys,
 * error); nothing stored changes. `draft` tests the form as it is before saving.
 */
async function checkApi(input: ApiCheckRequest): Promise<ApiCheckResult> {
  return checkResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/apis/check', input)).data;
}

export function useCheckApi() {
  return useMutation({ mutationFn: checkApi });
}

/** Where the last check of a saved API is kept: the bay attribute form offers the key values it saw. */
export const apiCheckQueryKey = (apiId: string) => ['api-check', apiId] as const;

/**
 * The last check of a saved API, run when first asked for and kept a minute ('Test tilkobling' on the
 * edit page fills it too): the attribute forms offer the keys and key values it saw.
 */
export function useApiCheck(apiId: string | null | undefined) {
  return useQuery({
    queryKey: apiCheckQueryKey(apiId ?? ''),
    queryFn: () => checkApi({ id: apiId ?? undefined }),
    enabled: Boolean(apiId),
    staleTime: 60_000,
    retry: false,
  });
}
