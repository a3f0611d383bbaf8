export * from './api';
export * from './auth';
export * from './errors';
export * from './logs';
export * from './roles';
export * from './validation';
