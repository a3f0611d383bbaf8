import { getRouteApi } from '@tanstack/react-router';
import { useApi } from './api/get-apis';

const apiRoute = getRouteApi('/app/integrations/apis/$apiId');

/** The API connection the current /integrations/apis/{apiId}/… page is about. */
export function useRouteApi() {
  const { apiId } = apiRoute.useParams();
  return { apiId, api: useApi(apiId) };
}
