// Foresight: each number attribute's learned normal, its expected threshold crossing and its unusual values.
export { createForesight } from './foresight';
