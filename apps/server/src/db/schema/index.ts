export * from './locations';
export * from './logs';
export * from './people';
export * from './sessions';
export * from './users';
