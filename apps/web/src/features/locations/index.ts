// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).
export { LocationBaysCard } from './components/location-bays-card';
export { useRouteLocation } from './use-route-location';
