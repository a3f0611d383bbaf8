import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCheckLogSchema, listResponse } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const logsResponseSchema = listResponse(apiCheckLogSchema);

export interface ApiLogsParams {
  apiId: string;
  page: number;
  perPage: number;
  filters?: { outcome?: 'ok' | 'error' };
}

/** `POST backend/apis/logs/get`: an API's check log, newest first. */
async function getApiLogs(params: ApiLogsParams) {
  return logsResponseSchema.parse(await apiRequest<unknown>('POST', 'backend/apis/logs/get', params));
}

const apiLogsQueryOptions = (params: ApiLogsParams) =>
  queryOptions({
    queryKey: ['apis', 'logs', params],
    queryFn: () => getApiLogs(params),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export function useApiLogs(params: ApiLogsParams) {
  return useQuery(apiLogsQueryOptions(params));
}
