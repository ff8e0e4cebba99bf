/**
 * What the browser apps share with the services, without the schemas: the spec's constants and
 * messages. Kept apart so the front end does not download zod for a handful of numbers and texts.
 */
export * from './constants';
export * from './messages';
