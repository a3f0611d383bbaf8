// What the app uses of this feature (app/pages/user-access-page.tsx); the rest of the folder is its own
// (apps/web/README.md).
export { UserAccess } from './components/user-access';
