import { getRouteApi } from '@tanstack/react-router';
import { entityName } from '../../lib/use-route-titles';
import { useLocation } from './api/get-location';

const locationRoute = getRouteApi('/app/locations/$locationId');

/** The facility the current /locations/{locationId}/… page is about. */
export function useRouteLocation() {
  const { locationId } = locationRoute.useParams();
  return { locationId, location: useLocation(locationId) };
}

/** The facility's name in the breadcrumbs and the document title (`staticData.useName`), from the page's query. */
export function useLocationName(params: Record<string, string>) {
  return entityName(useLocation(params.locationId ?? ''), (l) => l.name);
}
