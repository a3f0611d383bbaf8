// Cameras of a facility and the proxy for their snapshots.
export { createSnapshotProxy } from './camera-snapshot';
export { camerasRoutes } from './cameras.routes';
export { createCamerasService } from './cameras.service';
export { createSnapshotSigner } from './snapshot-token';
