import { getRouteApi } from '@tanstack/react-router';
import { entityName } from '../../lib/use-route-titles';
import { useBay } from './api/get-bay';

const bayRoute = getRouteApi('/app/locations/$locationId/bays/$bayId');

/** The bay the current /locations/{locationId}/bays/{bayId}/… page is about. */
export function useRouteBay() {
  const { locationId, bayId } = bayRoute.useParams();
  return { locationId, bayId, bay: useBay(bayId) };
}

/** The bay's name in the breadcrumbs and the document title (`staticData.useName`), from the page's query. */
export function useBayName(params: Record<string, string>) {
  return entityName(useBay(params.bayId ?? ''), (b) => b.name);
}
