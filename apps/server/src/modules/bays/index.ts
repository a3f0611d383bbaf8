// Bays of a facility: their list, their changes and their status set by hand.
export { findBay, insertBay, lockBay } from './bays.repository';
export { baysRoutes } from './bays.routes';
export { createBaysService } from './bays.service';
