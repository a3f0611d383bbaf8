// What the app uses of this feature (its composed pages in app/pages); the rest of the folder is its own
// (apps/web/README.md).
export { MuteCard } from './components/mute-card';
export { MuteControl } from './components/mute-control';
