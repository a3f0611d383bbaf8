import { getRouteApi } from '@tanstack/react-router';
import { useApi } from '../../lib/queries/get-api';
import { entityName } from '../../lib/use-route-titles';

const apiRoute = getRouteApi('/app/integrations/apis/$apiId');

/** The API connection the current /integrations/apis/{apiId}/… page is about. */
export function useRouteApi() {
  const { apiId } = apiRoute.useParams();
  return { apiId, api: useApi(apiId) };
}

/** The API connection's name in the breadcrumbs and the document title (`staticData.useName`), from the page's query. */
export function useApiName(params: Record<string, string>) {
  return entityName(useApi(params.apiId ?? ''), (a) => a.name);
}
