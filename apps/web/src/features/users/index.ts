// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).

export { useUpdateUserSettings } from './api/update-user-settings';
export { useRouteUser } from './use-route-user';
