import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { webhookDeliveriesResponseSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

export interface WebhookDeliveriesParams {
  id: string;
  page: number;
  perPage: number;
}

/** `POST backend/webhooks/deliveries`: a page of one webhook's delivery log, newest first. */
async function getWebhookDeliveries(params: WebhookDeliveriesParams) {
  return webhookDeliveriesResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/webhooks/deliveries', params),
  );
}

const webhookDeliveriesQueryOptions = (params: WebhookDeliveriesParams) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', params],
    queryFn: () => getWebhookDeliveries(params),
    placeholderData: keepPreviousData,
  });

export function useWebhookDeliveries(params: WebhookDeliveriesParams) {
  return useQuery(webhookDeliveriesQueryOptions(params));
}
