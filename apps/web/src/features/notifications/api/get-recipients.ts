import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listResponse, recipientSchema } from '@vaskedrift/shared';
import { apiRequest } from '../../../lib/api-client';

const recipientsResponseSchema = listResponse(recipientSchema);

export const RECIPIENTS_KEY = ['notifications', 'recipients'] as const;

export interface RecipientsListParams {
  page: number;
  perPage: number;
  search?: string;
}

/** `POST backend/settings/notifications/get` for a page of recipients (admins only). */
async function getRecipients(params: RecipientsListParams) {
  const search = params.search?.trim() || undefined;
  return recipientsResponseSchema.parse(
    await apiRequest<unknown>('POST', 'backend/settings/notifications/get', { ...params, search }),
  );
}

const recipientsQueryOptions = (params: RecipientsListParams) =>
  queryOptions({
    queryKey: [...RECIPIENTS_KEY, params],
    queryFn: () => getRecipients(params),
    placeholderData: keepPreviousData,
  });

export function useRecipients(params: RecipientsListParams) {
  return useQuery(recipientsQueryOptions(params));
}
