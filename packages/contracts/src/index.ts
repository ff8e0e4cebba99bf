export * from './constants';
export * from './messages';
export * from './users';
export * from './events';
export * from './providers';
export * from './billing';
export * from './identifiers';
export * from './api-access';
