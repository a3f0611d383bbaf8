// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export { useSystemSettings } from './api/get-system-settings';
