// Readings of attributes: what is stored, rolled up, pruned and read back for charts.
export { deadbandOf, shouldStoreReading } from './reading-policy';
export {
  type CheckReadings,
  insertReadings,
  type ReadingRow,
  readRollup,
  readStoredPoints,
  seriesOf,
} from './readings.repository';
export { createReadingsMaintenance, type KeptHistory, type ReadingsRetention } from './readings-maintenance';
export { type Bucket, reconstruct } from './reconstruct';
export { deadbandsOf, insertPacked, type Packed } from './rollup.repository';
export { decodeRollup, type RollupEntry } from './rollup-codec';
export { insertWashes, rollUpWashes } from './washes.repository';
