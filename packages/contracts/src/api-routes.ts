import { z } from 'zod';
import {
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  receiptsResponseSchema,
  sendSubscriptionEmailRequestSchema,
  validatePromoCodeRequestSchema,
  validatePromoCodeResponseSchema,
} from './billing';
import {
  compareQuerySchema,
  compareResponseSchema,
  directoryQuerySchema,
  directoryResponseSchema,
  providerProfileQuerySchema,
  savedProvidersResponseSchema,
  savedProviderStateSchema,
} from './directory';
import {
  adminProvidersQuerySchema,
  adminProvidersResponseSchema,
  adminProviderSchema,
  providerBasicInfoSchema,
  providerContentSchema,
  providerQualificationsSchema,
  providerSchema,
  providerSignupNotificationSchema,
  providerSignupResponseSchema,
  providerSignupSchema,
  providerStatusUpdateSchema,
  providerWelcomeEmailRequestSchema,
  uploadSignatureRequestSchema,
  uploadSignatureResponseSchema,
} from './providers';
import {
  acceptAdminInvitationRequestSchema,
  adminInvitationRequestSchema,
  adminInvitationResponseSchema,
  administratorsResponseSchema,
} from './administrators';
import {
  adminMemberResponseSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  memberActivityResponseSchema,
  memberPaymentsResponseSchema,
  memberStatusUpdateSchema,
  receiptResendResponseSchema,
} from './members-admin';
import {
  adminSupportMessagesResponseSchema,
  adminSupportQuerySchema,
  supportMessageReceivedResponseSchema,
  supportMessageRequestSchema,
  supportReplyRequestSchema,
  supportReplyResponseSchema,
} from './support';
import { memberFiguresResponseSchema, paymentFiguresResponseSchema, providerFiguresResponseSchema } from './figures';
import { deleteAccountRequestSchema, myAccountDataSchema, myPaymentsSchema, myReviewsSchema } from './my-account';
import { adminOrdersQuerySchema, adminOrdersResponseSchema, refundResponseSchema } from './orders';
import { newPromoCodeSchema, promoCodeListResponseSchema, promoCodeSchema } from './promo-codes';
import {
  adminReviewResponseSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  ownReviewResponseSchema,
  reviewModerationRequestSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
  writeReviewRequestSchema,
} from './reviews';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  providerAccountRequestSchema,
  providerAccountUpdateSchema,
  publicUserSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from './users';

/**
 * Every route of the API, once: who may call it (the access map), what it takes and answers (the
 * zod schemas its service validates with), and how it is named and described in the OpenAPI
 * documents. The gateway's routing, each service's route check, the browser suite's access map, the
 * OpenAPI documents and web-kit's typed client are all derived from this table.
 */

/** Who calls: nobody logged in, or an account of one of the three roles. */
export type ApiCaller = 'anonymous' | 'member' | 'provider' | 'admin';

/**
 * What a caller gets, sending no valid input and naming records that are not its own: `ok` when
 * it gets past authorization (any answer but 401 and 403: 400 for the empty body, 404 for the
 * unknown record), or the refusal's status.
 */
export type AccessOutcome = 'ok' | 401 | 403;

/** The domain services, each with its own routes, database and OpenAPI document. */
export const API_SERVICES = ['identity', 'providers', 'billing', 'notify'] as const;
export type ApiService = (typeof API_SERVICES)[number];

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  service: ApiService;
  /** Each caller's outcome through the gateway; null for a route the gateway never exposes (service to service, key discovery). */
  outcomes: Readonly<Record<ApiCaller, AccessOutcome>> | null;
  /** The name a generated client gives the call: unique, camelCase. */
  operationId: string;
  summary: string;
  /** What the call does and who may make it, for the people who call it. */
  description: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Status → the JSON body, or null for an answer without one (204). Every error answer is `errorResponseSchema`. */
  responses: Readonly<Record<number, z.ZodType | null>>;
}

/** Every error answer of every service: the first problem, and for forms one message per field. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

const messageResponseSchema = z.object({ message: z.string() });
const providerResponseSchema = z.object({ provider: providerSchema });
/** A profile as a member opens it: from a search near a place, the great-circle miles to the practice's ZIP (one decimal; none when it is not a known US ZIP). */
const providerProfileResponseSchema = providerResponseSchema.extend({ distanceMiles: z.number().optional() });

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
/** Members with an active membership, and admins. */
const payingMembersAndAdmins = { anonymous: 401, member: 403, provider: 403, admin: 'ok' } as const;

/** Keyed `METHOD path`, the path as the service registers it (an express pattern); through the gateway it is `/api` + the path. */
export const API_ROUTES = {
  'POST /users/signup': {
    service: 'identity',
    outcomes: everyone,
    operationId: 'signUp',
    summary: 'Sign up a member',
    description: 'Creates a member account (role `user`, never chosen by the client) and answers its access token; an email already in use gets 409.',
    body: signupRequestSchema,
    responses: { 201: authResponseSchema },
  },
  'POST /users/login': {
    service: 'identity',
    outcomes: everyone,
    operationId: 'logIn',
    summary: 'Log in (members, providers, admins)',
    description:
      'Checks an email and password and answers an access token and the account. Wrong credentials get 401 (an unknown email the same); the right password of a blocked account gets 403 saying so and how to reach support; repeated attempts get 429 with Retry-After.',
    body: loginRequestSchema,
    responses: { 200: authResponseSchema },
  },
  'GET /users/me': {
    service: 'identity',
    outcomes: loggedIn,
    operationId: 'getCurrentUser',
    summary: 'The logged-in account',
    description: 'The account of the bearer token as it is now, with its membership. Any logged-in account may call it.',
    responses: { 200: z.object({ user: publicUserSchema }) },
  },
  'PUT /users/me/password': {
    service: 'identity',
    outcomes: loggedIn,
    operationId: 'changePassword',
    summary: 'Change one’s own password',
    description: 'Sets a new password for the logged-in account after checking its current one.',
    body: changePasswordRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  'GET /users/me/data': {
    service: 'identity',
    outcomes: members,
    operationId: 'downloadMyAccount',
    summary: 'One’s account, for Download my data',
    description: 'The member’s account as svc-identity holds it (name, email, contact details, sign-up time, membership). Members only.',
    responses: { 200: myAccountDataSchema },
  },
  'DELETE /users/me': {
    service: 'identity',
    outcomes: members,
    operationId: 'deleteMyAccount',
    summary: 'Delete one’s own account',
    description:
      'After the password is checked, the member’s name, email, password and contact details are removed and every token stops working; `user.deleted` tells the other services: saved providers go, reviews stay under “Former member”, payments stay for the books without the name and email. A wrong password 400. Members only.',
    body: deleteAccountRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  'POST /users/forgot-password': {
    service: 'identity',
    outcomes: everyone,
    operationId: 'requestPasswordReset',
    summary: 'Email a password reset link (the same answer for unknown addresses)',
    description: 'Emails a link that sets a new password. The answer is the same whether or not the address has an account.',
    body: forgotPasswordRequestSchema,
    responses: { 202: messageResponseSchema },
  },
  'POST /users/reset-password': {
    service: 'identity',
    outcomes: everyone,
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link’s token',
    description: 'Sets a new password with the token of a reset link; a token works once and expires.',
    body: resetPasswordRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  'GET /members': {
    service: 'identity',
    outcomes: admins,
    operationId: 'listMembersForAdmin',
    summary: 'Admin member list with counts',
    description:
      'Members (accounts of role `user`) whose name or email contains the search, in one membership state if asked, newest sign-up first, a page at a time, with how many match in each state. Admins only.',
    query: adminMembersQuerySchema,
    responses: { 200: adminMembersResponseSchema },
  },
  'GET /members/figures': {
    service: 'identity',
    outcomes: admins,
    operationId: 'getMemberFigures',
    summary: 'Members: how many are active, new this week, sign-ups per week',
    description:
      'The Dashboard’s and Analytics Dashboard’s member figures, from the admin member list: active members, sign-ups in the last 7 days, and sign-ups in each of the last 12 weeks (Monday to Sunday, UTC). Admins only.',
    responses: { 200: memberFiguresResponseSchema },
  },
  'GET /members/:userId': {
    service: 'identity',
    outcomes: admins,
    operationId: 'getMemberForAdmin',
    summary: 'One member’s account, for an admin',
    description:
      'A member’s account: contact details, membership, whether it is blocked and who blocked or unblocked it when. Admins only; an id that is no member’s gets 404.',
    responses: { 200: adminMemberResponseSchema },
  },
  'PUT /members/:userId/status': {
    service: 'identity',
    outcomes: admins,
    operationId: 'updateMemberStatus',
    summary: 'Block or unblock a member',
    description:
      'An admin blocks a member (they cannot log in, and their tokens stop working within the account-status cache window) or unblocks them; each change is recorded with the admin and the time. Blocking a blocked member, or unblocking an active one, gets 409.',
    body: memberStatusUpdateSchema,
    responses: { 200: adminMemberResponseSchema },
  },
  'GET /administrators': {
    service: 'identity',
    outcomes: admins,
    operationId: 'listAdministrators',
    summary: 'The administrators and the open invitations',
    description: 'Every administrator account, and the invitations not yet used nor expired. Admins only.',
    responses: { 200: administratorsResponseSchema },
  },
  'POST /administrators/invitations': {
    service: 'identity',
    outcomes: admins,
    operationId: 'inviteAdministrator',
    summary: 'Invite someone to be an administrator',
    description:
      'Emails a single-use link, valid 48 hours, that makes the address an administrator; inviting the address again replaces the earlier link. An address that already has an account gets 409. Admins only.',
    body: adminInvitationRequestSchema,
    responses: { 201: adminInvitationResponseSchema },
  },
  'POST /administrators/invitations/accept': {
    service: 'identity',
    outcomes: everyone,
    operationId: 'acceptAdministratorInvitation',
    summary: 'Become an administrator with an invitation link',
    description:
      'Takes an invitation link’s token with a name and password, creates the administrator and answers its access token. A used, replaced, expired or unknown link gets 400.',
    body: acceptAdminInvitationRequestSchema,
    responses: { 201: authResponseSchema },
  },
  'DELETE /administrators/invitations/:invitationId': {
    service: 'identity',
    outcomes: admins,
    operationId: 'revokeAdministratorInvitation',
    summary: 'Take an invitation back',
    description: 'Deletes an open invitation: its link stops working. An unknown invitation gets 404. Admins only.',
    responses: { 204: null },
  },
  'DELETE /administrators/:userId': {
    service: 'identity',
    outcomes: admins,
    operationId: 'removeAdministrator',
    summary: 'Remove an administrator',
    description: 'Deletes an administrator account (its tokens stop working); the last administrator cannot be removed (409). Admins only.',
    responses: { 204: null },
  },
  'GET /.well-known/jwks.json': {
    service: 'identity',
    outcomes: null,
    operationId: 'getTokenKeys',
    summary: 'Public keys that verify access tokens (ES256)',
    description: 'The JSON Web Key Set the services verify access tokens with. Read by the services directly; not routed through the gateway.',
    responses: { 200: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) }) },
  },
  'PUT /internal/provider-accounts/:providerId': {
    service: 'identity',
    outcomes: null,
    operationId: 'putProviderAccount',
    summary: 'Service to service: create (201) or answer (200) the login of a provider record',
    description:
      'Called by svc-providers when a provider signs up: creates the provider’s login (201), or answers the existing one (200) when the call is repeated.',
    body: providerAccountRequestSchema,
    responses: { 200: authResponseSchema, 201: authResponseSchema },
  },
  'PATCH /internal/provider-accounts/:providerId': {
    service: 'identity',
    outcomes: null,
    operationId: 'updateProviderAccount',
    summary: 'Service to service: a provider login follows its record’s email',
    description: 'Called by svc-providers when a provider record’s email changes, so the provider logs in with the new one.',
    body: providerAccountUpdateSchema,
    responses: { 204: null },
  },
  'DELETE /internal/provider-accounts/:providerId': {
    service: 'identity',
    outcomes: null,
    operationId: 'deleteProviderAccount',
    summary: 'Service to service: remove a provider login',
    description:
      'Called by svc-providers to remove the login of a provider sign-up that did not finish: when identity’s answer to the PUT was lost, when the record could not be made active, and by the sweep of sign-ups left unfinished. Idempotent.',
    responses: { 204: null },
  },

  'POST /provider-info': {
    service: 'providers',
    outcomes: everyone,
    operationId: 'signUpProvider',
    summary: 'Provider portal step 1: create the provider and its login',
    description:
      'Creates a provider record, pending approval, with its login, and answers the provider’s access token. An email or NPI number already in use gets 400, with the problem under its field.',
    body: providerSignupSchema,
    responses: { 201: providerSignupResponseSchema },
  },
  'GET /provider-info/:id': {
    service: 'providers',
    outcomes: loggedIn,
    operationId: 'getProvider',
    summary: 'A provider record (members see approved providers only)',
    description:
      'A provider’s profile with its review figures. Anyone logged in sees approved providers; a pending or blocked record only its own provider and admins see (others get 404). The email and DEA numbers only the provider itself and admins see. With a place (`near`, or `lat` and `lng`), the distance to the practice.',
    query: providerProfileQuerySchema,
    responses: { 200: providerProfileResponseSchema },
  },
  'GET /provider-info/:id/reviews': {
    service: 'providers',
    outcomes: loggedIn,
    operationId: 'listProviderReviews',
    summary: 'A provider’s approved reviews, a page at a time',
    description: 'The approved reviews of a provider, newest first, a page at a time, with their total count.',
    query: reviewsQuerySchema,
    responses: { 200: reviewsResponseSchema },
  },
  'POST /provider-info/:id/reviews': {
    service: 'providers',
    outcomes: payingMembers,
    operationId: 'writeReview',
    summary: 'Write one’s review of a provider',
    description: 'A member with an active membership writes one review per provider; it is published once an admin approves it.',
    body: writeReviewRequestSchema,
    responses: { 201: ownReviewResponseSchema },
  },
  'GET /provider-info/:id/reviews/mine': {
    service: 'providers',
    outcomes: members,
    operationId: 'getOwnReview',
    summary: 'One’s own review of a provider, or null',
    description: 'The calling member’s review of a provider, in whatever state it is, or null when there is none.',
    responses: { 200: ownReviewResponseSchema },
  },
  'PUT /provider-info/:id/reviews/mine': {
    service: 'providers',
    outcomes: payingMembers,
    operationId: 'updateOwnReview',
    summary: 'Change one’s review (it waits for moderation again)',
    description:
      'A member with an active membership changes its review of a provider; a changed review waits for an admin’s approval again (the same ratings and text change nothing).',
    body: writeReviewRequestSchema,
    responses: { 200: ownReviewResponseSchema },
  },
  'DELETE /provider-info/:id/reviews/mine': {
    service: 'providers',
    outcomes: members,
    operationId: 'deleteOwnReview',
    summary: 'Remove one’s review',
    description: 'The calling member removes its review of a provider, with or without an active membership.',
    responses: { 204: null },
  },
  'PUT /provider-info/:id': {
    service: 'providers',
    outcomes: recordOwner,
    operationId: 'updateProviderBasicInfo',
    summary: 'Basic information of a provider record',
    description: 'Replaces the basic information of a provider record. Only the record’s own provider and admins may; another provider gets 403.',
    body: providerBasicInfoSchema,
    responses: { 200: providerResponseSchema },
  },
  'PUT /provider-info/:id/qualifications': {
    service: 'providers',
    outcomes: recordOwner,
    operationId: 'updateProviderQualifications',
    summary: 'Provider portal step 2 and the dashboard: qualifications',
    description: 'Replaces the qualifications of a provider record. Only the record’s own provider and admins may; another provider gets 403.',
    body: providerQualificationsSchema,
    responses: { 200: providerResponseSchema },
  },
  'PUT /provider-info/:id/images': {
    service: 'providers',
    outcomes: recordOwner,
    operationId: 'updateProviderContent',
    summary: 'Provider portal step 3 and the dashboard: uploaded images and the description',
    description:
      'Sets the images (the provider’s own uploads through /signature) and the description of a provider record; fields left out are kept. Only the record’s own provider and admins may.',
    body: providerContentSchema,
    responses: { 200: providerResponseSchema },
  },
  'POST /signature': {
    service: 'providers',
    outcomes: providers,
    operationId: 'createUploadSignature',
    summary: 'A presigned S3 POST for one image upload',
    description:
      'A presigned S3 POST for one image of the calling provider: the signature fixes the object key and the content type (JPEG or PNG) and caps the size at 5 MB.',
    body: uploadSignatureRequestSchema,
    responses: { 200: uploadSignatureResponseSchema },
  },
  'GET /admins/providers': {
    service: 'providers',
    outcomes: admins,
    operationId: 'listProvidersForAdmin',
    summary: 'Admin provider list with counts',
    description: 'Providers in any state, filtered by state and search, a page at a time, with the number in each state.',
    query: adminProvidersQuerySchema,
    responses: { 200: adminProvidersResponseSchema },
  },
  'GET /directory/providers': {
    service: 'providers',
    outcomes: everyone,
    operationId: 'searchDirectory',
    summary: 'Members’ directory of approved providers (others get the count only)',
    description:
      'Searches the approved providers by words, areas, state and city, and near a ZIP code or a rounded position within a radius (nearest first, each card with its distance). Each card carries its practice ZIP’s centre (`point`) for the results’ map. Members with an active membership and admins get the page of providers; everyone else gets how many match.',
    query: directoryQuerySchema,
    responses: { 200: directoryResponseSchema },
  },
  'GET /directory/compare': {
    service: 'providers',
    outcomes: payingMembersAndAdmins,
    operationId: 'compareProviders',
    summary: 'Two to four providers side by side',
    description:
      'Asks for two to four providers and answers those that are approved, side by side (others are left out), with the distance from a ZIP code when one is given and known. Members with an active membership and admins.',
    query: compareQuerySchema,
    responses: { 200: compareResponseSchema },
  },
  'GET /saved-providers': {
    service: 'providers',
    outcomes: members,
    operationId: 'listSavedProviders',
    summary: 'One’s saved providers',
    description: 'The providers the calling member saved, newest first; those no longer approved are left out while they stay so.',
    responses: { 200: savedProvidersResponseSchema },
  },
  'GET /saved-providers/:providerId': {
    service: 'providers',
    outcomes: members,
    operationId: 'getSavedProviderState',
    summary: 'Whether one saved a provider',
    description: 'Whether the calling member saved this provider.',
    responses: { 200: savedProviderStateSchema },
  },
  'PUT /saved-providers/:providerId': {
    service: 'providers',
    outcomes: payingMembers,
    operationId: 'saveProvider',
    summary: 'Save a provider',
    description: 'A member with an active membership saves an approved provider; saving it again changes nothing, and a save beyond 200 gets 409.',
    responses: { 204: null },
  },
  'DELETE /saved-providers/:providerId': {
    service: 'providers',
    outcomes: members,
    operationId: 'unsaveProvider',
    summary: 'Unsave a provider',
    description: 'The calling member removes a provider from its saved list; removing one that is not there changes nothing.',
    responses: { 204: null },
  },
  'PUT /admins/providers/:id/status': {
    service: 'providers',
    outcomes: admins,
    operationId: 'updateProviderStatus',
    summary: 'Approve, block or unblock a provider',
    description: 'An admin approves, blocks or unblocks a provider; a change that no longer applies to the record’s current state gets 409.',
    body: providerStatusUpdateSchema,
    responses: { 200: z.object({ provider: adminProviderSchema }) },
  },
  'GET /admins/members/:userId/activity': {
    service: 'providers',
    outcomes: admins,
    operationId: 'getMemberActivity',
    summary: 'The providers a member saved and reviewed, for an admin',
    description: 'A member’s saved providers and reviews (in any moderation state), newest first, at most 100 of each. Admins only.',
    responses: { 200: memberActivityResponseSchema },
  },
  'GET /reviews/mine': {
    service: 'providers',
    outcomes: members,
    operationId: 'listMyReviews',
    summary: 'One’s reviews, for Download my data',
    description: 'Every review the caller wrote, in any moderation state, with its provider’s name, newest first. Members only.',
    responses: { 200: myReviewsSchema },
  },
  'GET /admins/figures': {
    service: 'providers',
    outcomes: admins,
    operationId: 'getProviderFigures',
    summary: 'Providers and reviews waiting, providers per week, most searched areas and places',
    description:
      'The Dashboard’s and Analytics Dashboard’s provider figures: providers waiting for review, reviews waiting for moderation, providers signed up, approved and blocked in each of the last 12 weeks (counted as their events arrive), and the directory’s 10 most searched specialty areas and places over those weeks. Admins only.',
    responses: { 200: providerFiguresResponseSchema },
  },
  'GET /admins/reviews': {
    service: 'providers',
    outcomes: admins,
    operationId: 'listReviewsForModeration',
    summary: 'Reviews for moderation',
    description: 'Reviews in one state (pending unless another is asked for), newest submission first, a page at a time, with how many are in that state.',
    query: adminReviewsQuerySchema,
    responses: { 200: adminReviewsResponseSchema },
  },
  'PUT /admins/reviews/:reviewId/status': {
    service: 'providers',
    outcomes: admins,
    operationId: 'moderateReview',
    summary: 'Approve or reject a review',
    description: 'An admin approves (publishes) or rejects a review.',
    body: reviewModerationRequestSchema,
    responses: { 200: adminReviewResponseSchema },
  },

  'POST /payments/create-payment-intent': {
    service: 'billing',
    outcomes: loggedIn,
    operationId: 'createPaymentIntent',
    summary: 'A payment intent for the membership (the server computes the amount)',
    description:
      'Starts the payment of a year’s membership. The amount comes from the price and a valid promo code, never from the client: a different `amount` gets 400, and a 100% code activates the membership at once, without a payment intent.',
    body: createPaymentIntentRequestSchema,
    responses: { 200: createPaymentIntentResponseSchema },
  },
  'POST /payments/confirm-payment': {
    service: 'billing',
    outcomes: loggedIn,
    operationId: 'confirmPayment',
    summary: 'Confirm a payment intent with a payment method',
    description:
      'Confirms the caller’s own payment intent with a payment method (another’s gets 403, a refused card 402); once it is paid, svc-identity extends the membership by a year from the payment’s event.',
    body: confirmPaymentRequestSchema,
    responses: { 200: confirmPaymentResponseSchema },
  },
  'GET /payments/receipts': {
    service: 'billing',
    outcomes: loggedIn,
    operationId: 'listReceipts',
    summary: 'One’s paid memberships, newest first',
    description: 'The caller’s paid memberships, newest first.',
    responses: { 200: receiptsResponseSchema },
  },
  'GET /payments/mine': {
    service: 'billing',
    outcomes: members,
    operationId: 'listMyPayments',
    summary: 'One’s payment attempts, for Download my data',
    description: 'Every payment attempt of the caller (amount, promo code, status, created, paid, refunded), newest first. Members only.',
    responses: { 200: myPaymentsSchema },
  },
  'GET /payments/members/:userId': {
    service: 'billing',
    outcomes: admins,
    operationId: 'listMemberPayments',
    summary: 'One member’s payments, for an admin',
    description: 'Every payment attempt of a member (open, failed, succeeded, …), newest first, at most 100. Admins only.',
    responses: { 200: memberPaymentsResponseSchema },
  },
  'POST /payments/:paymentId/receipt': {
    service: 'billing',
    outcomes: admins,
    operationId: 'resendReceipt',
    summary: 'Email a paid membership’s receipt again',
    description:
      'An admin has the receipt of a succeeded payment emailed to its member again (svc-notify sends it once per request); the request is kept on the payment with the admin and the time. A payment that did not succeed gets 409. Admins only.',
    responses: { 202: receiptResendResponseSchema },
  },
  'GET /payments': {
    service: 'billing',
    outcomes: admins,
    operationId: 'listOrdersForAdmin',
    summary: 'Every payment, for Orders Management',
    description:
      'Payment attempts whose member name or email, promo code or reference (`1B9D-6BCD-BBFD`, with or without dashes) contains the search, in one status if asked, newest first, a page at a time, with how many match in each status. Admins only.',
    query: adminOrdersQuerySchema,
    responses: { 200: adminOrdersResponseSchema },
  },
  'GET /payments/figures': {
    service: 'billing',
    outcomes: admins,
    operationId: 'getPaymentFigures',
    summary: 'Payments: revenue this month and last, per week, per promo code',
    description:
      'The Dashboard’s and Analytics Dashboard’s payment figures, from the admin payment list, each payment in the week and month it was paid: revenue (paid and not refunded) and the refunded amount this calendar month and last, payments started, paid (not refunded), refunded and their amounts in each of the last 12 weeks, and paid and refunded memberships and revenue per promo code over those weeks. Admins only.',
    responses: { 200: paymentFiguresResponseSchema },
  },
  'POST /payments/:paymentId/refund': {
    service: 'billing',
    outcomes: admins,
    operationId: 'refundPayment',
    summary: 'Refund a paid membership in full',
    description:
      'An admin gives a succeeded payment back in full through Stripe; the membership it paid for ends (svc-identity) and the member gets one refund email (svc-notify). A payment already refunded, not paid, or of nothing (a 100% code) gets 409; asked twice at once, Stripe refunds once, and an ask while another’s refund is still under way at Stripe gets 409. Admins only.',
    responses: { 200: refundResponseSchema },
  },
  'POST /payments/webhook': {
    service: 'billing',
    outcomes: everyone,
    operationId: 'receiveStripeEvent',
    summary: 'Stripe’s events, signed (Stripe-Signature)',
    description:
      'Stripe’s events about payment intents and refunds (`charge.refunded`). The Stripe-Signature header over the raw body is the authentication; an unsigned or wrongly signed event gets 400.',
    body: z.looseObject({ id: z.string(), type: z.string() }),
    responses: { 200: z.object({ received: z.literal(true) }) },
  },
  'POST /promo-codes/validate': {
    service: 'billing',
    outcomes: loggedIn,
    operationId: 'validatePromoCode',
    summary: 'A promo code’s discount',
    description: 'The discount of a promo code that is active and unexpired (case and spaces ignored); any other code gets 400.',
    body: validatePromoCodeRequestSchema,
    responses: { 200: validatePromoCodeResponseSchema },
  },
  'POST /promo-codes/create': {
    service: 'billing',
    outcomes: admins,
    operationId: 'createPromoCode',
    summary: 'Create a promo code',
    description: 'An admin creates a promo code; a code already in use gets 409.',
    body: newPromoCodeSchema,
    responses: { 201: z.object({ promoCode: promoCodeSchema }) },
  },
  'GET /promo-codes/list': {
    service: 'billing',
    outcomes: admins,
    operationId: 'listPromoCodes',
    summary: 'Every promo code',
    description: 'Every promo code, for admins.',
    responses: { 200: promoCodeListResponseSchema },
  },

  'POST /support/messages': {
    service: 'notify',
    outcomes: everyone,
    operationId: 'sendSupportMessage',
    summary: 'Send a message to the support team (the Contact page)',
    description:
      'Stores a message (name, email, topic, message) for the Support Center and emails the support team once. Open to everyone; a logged-in member who sends their token has their user id kept on the message (taken from the token, never from the body; an invalid token gets 401). 5 messages an hour per address, then 429 with Retry-After.',
    body: supportMessageRequestSchema,
    responses: { 202: supportMessageReceivedResponseSchema },
  },
  'GET /support/messages': {
    service: 'notify',
    outcomes: admins,
    operationId: 'listSupportMessages',
    summary: 'Contact messages for the Support Center',
    description:
      'Messages in one state (open unless answered is asked for) whose sender’s name or email or text holds every word of the search, newest first, 20 a page, with how many match in each state; each with the sending member’s user id (when a logged-in member sent it) and its replies with who answered and when. Admins only.',
    query: adminSupportQuerySchema,
    responses: { 200: adminSupportMessagesResponseSchema },
  },
  'POST /support/messages/:messageId/reply': {
    service: 'notify',
    outcomes: admins,
    operationId: 'replyToSupportMessage',
    summary: 'Answer a Contact message by email',
    description:
      'Emails the reply to the message’s sender (once), keeps it on the message with the admin and the time, and marks the message answered. Admins only.',
    body: supportReplyRequestSchema,
    responses: { 200: supportReplyResponseSchema },
  },
  'POST /email/send-subscription-email': {
    service: 'notify',
    outcomes: loggedIn,
    operationId: 'sendSubscriptionEmail',
    summary: 'Whether the membership email was sent (200) or not yet (202)',
    description:
      'Reports on the membership email for the caller’s latest payment; it never sends one itself. 200 when it was sent, 202 when it has not been sent yet (also when there is no paid membership). Another user’s id gets 403.',
    body: sendSubscriptionEmailRequestSchema,
    responses: { 200: messageResponseSchema, 202: messageResponseSchema },
  },
  'POST /email/provider-signup-notification': {
    service: 'notify',
    outcomes: providersAndAdmins,
    operationId: 'notifyAdminsOfProviderSignup',
    summary: 'Tell the admins of a provider’s sign-up (once per provider)',
    description:
      'Emails the admins about a provider’s sign-up, with the details in the request, unless that was already sent: once per provider, however often it is called. The provider itself or an admin may call it.',
    body: providerSignupNotificationSchema,
    responses: { 200: messageResponseSchema },
  },
  'POST /email/send-provider-welcome-email': {
    service: 'notify',
    outcomes: providersAndAdmins,
    operationId: 'sendProviderWelcomeEmail',
    summary: 'Welcome a provider (once per provider)',
    description:
      'Sends the provider its welcome email unless it was already sent (after `provider.registered` or an earlier call): once per provider, however often it is called. Only the provider itself may call it; others get 403.',
    body: providerWelcomeEmailRequestSchema,
    responses: { 200: messageResponseSchema },
  },
} as const satisfies Record<`${ApiMethod} /${string}`, ApiRoute>;

export type ApiRoutes = typeof API_ROUTES;
/** `GET /users/me`, `PUT /provider-info/:id`, …: the key of a route in API_ROUTES. */
export type ApiRouteKey = keyof ApiRoutes;

/** A route of the table as a record: its method and path apart. */
export interface ApiRouteAccess extends Pick<ApiRoute, 'service' | 'outcomes'> {
  key: ApiRouteKey;
  method: ApiMethod;
  /** As the service registers it (an express path pattern); through the gateway it is `/api` + this. */
  path: string;
}

/** The table as a list: the gateway's routing, each service's route check and the browser suite's access map read it. */
export const API_ACCESS: readonly ApiRouteAccess[] = (Object.keys(API_ROUTES) as ApiRouteKey[]).map((key) => {
  const [method, path] = key.split(' ') as [ApiMethod, string];
  return { key, method, path, service: API_ROUTES[key].service, outcomes: API_ROUTES[key].outcomes };
});

type PathOf<Key> = Key extends `${string} ${infer Path}` ? Path : never;
type ParameterNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParameterNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path parameters by name: `{ id: string }` for `PUT /provider-info/:id`. */
export type ApiPathParameters<Key extends ApiRouteKey> = { [Name in ParameterNames<PathOf<Key>>]: string };

/** What a route's query string may hold, each value as it is written in the URL. */
export type ApiQuery<Key extends ApiRouteKey> = ApiRoutes[Key] extends { query: infer Schema extends z.ZodType }
  ? { [Name in keyof z.input<Schema>]?: string | number | undefined }
  : never;

/** The JSON body a route takes. */
export type ApiRequestBody<Key extends ApiRouteKey> = ApiRoutes[Key] extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : never;

/** What a route answers when it succeeds (undefined for 204). */
export type ApiResponseBody<Key extends ApiRouteKey> = {
  [Status in keyof ApiRoutes[Key]['responses']]: ApiRoutes[Key]['responses'][Status] extends z.ZodType
    ? z.output<ApiRoutes[Key]['responses'][Status]>
    : undefined;
}[keyof ApiRoutes[Key]['responses']];
