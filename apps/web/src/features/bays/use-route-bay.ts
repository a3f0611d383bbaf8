import { getRouteApi } from '@tanstack/react-router';
import { useBay } from './api/get-bay';

const bayRoute = getRouteApi('/app/locations/$locationId/bays/$bayId');

/** The bay the current /locations/{locationId}/bays/{bayId}/… page is about. */
export function useRouteBay() {
  const { locationId, bayId } = bayRoute.useParams();
  return { locationId, bayId, bay: useBay(bayId) };
}
