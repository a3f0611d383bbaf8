export * from './alerts';
export * from './apis';
export * from './locations';
export * from './logs';
export * from './people';
export * from './readings';
export * from './sessions';
export * from './users';
