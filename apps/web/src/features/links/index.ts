// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export { useBayLinks } from './api/get-links';
export { LinkButton } from './components/link-button';
export { createBayLinksRoute } from './routes';
