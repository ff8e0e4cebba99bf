/**
 * Who may call each API route, kept as data in one place. Every service's tests check that the
 * routes it serves are exactly its entries here, and the browser suite calls every entry through
 * the gateway as each kind of caller and checks the outcome.
 */
export type ApiCaller = 'anonymous' | 'member' | 'provider' | 'admin';

/**
 * What a caller gets, sending no valid input and naming records that are not its own: `ok` when
 * it gets past authorization (any answer but 401 and 403: 400 for the empty body, 404 for the
 * unknown record), or the refusal's status.
 */
export type AccessOutcome = 'ok' | 401 | 403;

/** The domain services, each with its own routes, database and OpenAPI document. */
export const API_SERVICES = ['identity', 'providers', 'billing', 'notify'] as const;

export interface ApiRouteAccess {
  service: (typeof API_SERVICES)[number];
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the service registers it (an express path pattern); through the gateway it is `/api` + this. */
  path: string;
  /** Each caller's outcome through the gateway; null for a route the gateway never exposes (service to service, key discovery). */
  outcomes: Readonly<Record<ApiCaller, AccessOutcome>> | null;
}

const everyone = { anonymous: 'ok', member: 'ok', provider: 'ok', admin: 'ok' } as const;
const loggedIn = { anonymous: 401, member: 'ok', provider: 'ok', admin: 'ok' } as const;
const members = { anonymous: 401, member: 'ok', provider: 403, admin: 403 } as const;
const admins = { anonymous: 401, member: 403, provider: 403, admin: 'ok' } as const;
const providers = { anonymous: 401, member: 403, provider: 'ok', admin: 403 } as const;
const providersAndAdmins = { anonymous: 401, member: 403, provider: 'ok', admin: 'ok' } as const;
/** A provider record: its own provider and admins write it; another provider gets 403. */
const recordOwner = { anonymous: 401, member: 403, provider: 403, admin: 'ok' } as const;
/** Members with an active membership only: the access map's member has not bought one, so it gets 403 too. */
const payingMembers = { anonymous: 401, member: 403, provider: 403, admin: 403 } as const;

export const API_ACCESS: readonly ApiRouteAccess[] = [
  { service: 'identity', method: 'POST', path: '/users/signup', outcomes: everyone },
  { service: 'identity', method: 'POST', path: '/users/login', outcomes: everyone },
  { service: 'identity', method: 'GET', path: '/users/me', outcomes: loggedIn },
  { service: 'identity', method: 'PUT', path: '/users/me/password', outcomes: loggedIn },
  { service: 'identity', method: 'POST', path: '/users/forgot-password', outcomes: everyone },
  { service: 'identity', method: 'POST', path: '/users/reset-password', outcomes: everyone },
  { service: 'identity', method: 'GET', path: '/.well-known/jwks.json', outcomes: null },
  { service: 'identity', method: 'PUT', path: '/internal/provider-accounts/:providerId', outcomes: null },
  { service: 'identity', method: 'PATCH', path: '/internal/provider-accounts/:providerId', outcomes: null },
  { service: 'identity', method: 'DELETE', path: '/internal/provider-accounts/:providerId', outcomes: null },

  { service: 'providers', method: 'POST', path: '/provider-info', outcomes: everyone },
  { service: 'providers', method: 'GET', path: '/provider-info/:id', outcomes: loggedIn },
  { service: 'providers', method: 'GET', path: '/provider-info/:id/reviews', outcomes: loggedIn },
  // A member's own review of a provider: written and changed with an active membership, read and removed without.
  { service: 'providers', method: 'POST', path: '/provider-info/:id/reviews', outcomes: payingMembers },
  { service: 'providers', method: 'GET', path: '/provider-info/:id/reviews/mine', outcomes: members },
  { service: 'providers', method: 'PUT', path: '/provider-info/:id/reviews/mine', outcomes: payingMembers },
  { service: 'providers', method: 'DELETE', path: '/provider-info/:id/reviews/mine', outcomes: members },
  { service: 'providers', method: 'PUT', path: '/provider-info/:id', outcomes: recordOwner },
  { service: 'providers', method: 'PUT', path: '/provider-info/:id/qualifications', outcomes: recordOwner },
  { service: 'providers', method: 'PUT', path: '/provider-info/:id/images', outcomes: recordOwner },
  { service: 'providers', method: 'POST', path: '/signature', outcomes: providers },
  { service: 'providers', method: 'GET', path: '/admins/providers', outcomes: admins },
  // Everyone may search; only members with an active membership (and admins) see the providers, the rest their number.
  { service: 'providers', method: 'GET', path: '/directory/providers', outcomes: everyone },
  // Compare: members with an active membership (the access map's member has none: 403) and admins.
  { service: 'providers', method: 'GET', path: '/directory/compare', outcomes: { anonymous: 401, member: 403, provider: 403, admin: 'ok' } },
  { service: 'providers', method: 'GET', path: '/saved-providers', outcomes: members },
  { service: 'providers', method: 'GET', path: '/saved-providers/:providerId', outcomes: members },
  { service: 'providers', method: 'PUT', path: '/saved-providers/:providerId', outcomes: payingMembers },
  { service: 'providers', method: 'DELETE', path: '/saved-providers/:providerId', outcomes: members },
  { service: 'providers', method: 'PUT', path: '/admins/providers/:id/status', outcomes: admins },
  { service: 'providers', method: 'GET', path: '/admins/reviews', outcomes: admins },
  { service: 'providers', method: 'PUT', path: '/admins/reviews/:reviewId/status', outcomes: admins },

  { service: 'billing', method: 'POST', path: '/payments/create-payment-intent', outcomes: loggedIn },
  { service: 'billing', method: 'POST', path: '/payments/confirm-payment', outcomes: loggedIn },
  { service: 'billing', method: 'GET', path: '/payments/receipts', outcomes: loggedIn },
  // Stripe's calls: the signature on the body is the authentication.
  { service: 'billing', method: 'POST', path: '/payments/webhook', outcomes: everyone },
  { service: 'billing', method: 'POST', path: '/promo-codes/validate', outcomes: loggedIn },
  { service: 'billing', method: 'POST', path: '/promo-codes/create', outcomes: admins },
  { service: 'billing', method: 'GET', path: '/promo-codes/list', outcomes: admins },

  { service: 'notify', method: 'POST', path: '/email/send-subscription-email', outcomes: loggedIn },
  { service: 'notify', method: 'POST', path: '/email/provider-signup-notification', outcomes: providersAndAdmins },
  { service: 'notify', method: 'POST', path: '/email/send-provider-welcome-email', outcomes: providersAndAdmins },
];
