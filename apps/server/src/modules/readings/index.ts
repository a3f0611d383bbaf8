// Readings of attributes: what is stored, rolled up and pruned.
export { shouldStoreReading } from './reading-policy';
export { type CheckReadings, insertReadings, readPoints, seriesOf } from './readings.repository';
export { createReadingsMaintenance } from './readings-maintenance';
