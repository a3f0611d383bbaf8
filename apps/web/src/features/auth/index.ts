// What the app uses of this feature (the user menu's sign-out); the rest of the folder is its own
// (apps/web/README.md).
export { useConfirmSignOut } from './use-confirm-sign-out';
