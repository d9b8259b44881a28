export * from './companies';
export * from './users';
export * from './sessions';
export * from './news';
export * from './activity-logs';
export * from './cg-files';
export * from './api-keys';
export * from './bulletins';
