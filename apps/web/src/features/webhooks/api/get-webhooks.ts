import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse, webhookSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const webhooksResponseSchema = listResponse(webhookSchema);

export const WEBHOOKS_KEY = ['webhooks'] as const;

export interface WebhooksListParams {
  page: number;
  perPage: number;
  search?: string;
}

/** `POST backend/webhooks/get` for a page of webhooks (admins only). */
async function getWebhooks(params: WebhooksListParams) {
  const search = params.search?.trim() || undefined;
  return webhooksResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/webhooks/get', { ...params, search }),
  );
}

const webhooksQueryOptions = (params: WebhooksListParams) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'list', params],
    queryFn: () => getWebhooks(params),
    placeholderData: keepPreviousData,
  });

export function useWebhooks(params: WebhooksListParams) {
  return useQuery(webhooksQueryOptions(params));
}
