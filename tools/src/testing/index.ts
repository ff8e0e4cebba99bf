export * from './tcp-proxy';
export * from './mail-inbox';
