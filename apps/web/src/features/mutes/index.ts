// What other features may use of this one; the rest of the folder is its own (apps/web/README.md).
export type { MuteScope } from './api/get-mutes';
export { MuteControl } from './components/mute-control';
