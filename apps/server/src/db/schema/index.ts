export * from './logs';
export * from './sessions';
export * from './users';
