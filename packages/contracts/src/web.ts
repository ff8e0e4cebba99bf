/**
 * What the browser apps share with the services, without the schemas: the spec's constants and
 * messages, and the API's types. Kept apart so the front end does not download zod for a handful
 * of numbers and texts; the types are type-only exports, erased from the bundle.
 */
export * from './constants';
export * from './messages';
export type {
  AdminProvider,
  AdminProvidersQuery,
  AdminProvidersResponse,
  NewPromoCode,
  PromoCode,
  PromoCodeListResponse,
  Provider,
  ProviderInfoResponse,
  ProviderStats,
  ProviderStatusUpdate,
  Review,
  ReviewStats,
  StateLicense,
} from './providers';
