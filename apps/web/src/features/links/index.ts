// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).
export { useBayLinks } from './api/get-links';
export { LinkButton } from './components/link-button';
