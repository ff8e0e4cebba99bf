export * from './tcp-proxy';
export * from './mail-inbox';
export * from './service-under-test';
export * from './service-basics';
export { eventually, sleep } from '../net';
export { ensureDevJwtKey } from '../dev-keys';
