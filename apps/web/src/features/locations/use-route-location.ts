import { getRouteApi } from '@tanstack/react-router';
import { useLocation } from './api/get-location';

const locationRoute = getRouteApi('/app/locations/$locationId');

/** The facility the current /locations/{locationId}/… page is about. */
export function useRouteLocation() {
  const { locationId } = locationRoute.useParams();
  return { locationId, location: useLocation(locationId) };
}
