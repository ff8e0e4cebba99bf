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
 * What each route of the access map (API_ACCESS) takes and answers, for the OpenAPI document each
 * service serves (`openApiDocument`). Keyed `METHOD path` as in the access map; every error answer
 * is `errorResponseSchema`, so only the successful answers are listed here.
 */
export interface ApiOperation {
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status → the JSON body, or null for an answer without one (204). */
  responses: Record<number, z.ZodType | null>;
}

/** Every error answer of every service: the first problem, and for forms one message per field. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

const messageResponseSchema = z.object({ message: z.string() });
const providerResponseSchema = z.object({ provider: providerSchema });

export const API_OPERATIONS: Readonly<Record<string, ApiOperation>> = {
  'POST /users/signup': { summary: 'Sign up a member', body: signupRequestSchema, responses: { 201: authResponseSchema } },
  'POST /users/login': { summary: 'Log in (members, providers, admins)', body: loginRequestSchema, responses: { 200: authResponseSchema } },
  'GET /users/me': { summary: 'The logged-in account', responses: { 200: z.object({ user: publicUserSchema }) } },
  'PUT /users/me/password': { summary: 'Change one’s own password', body: changePasswordRequestSchema, responses: { 200: messageResponseSchema } },
  'POST /users/forgot-password': {
    summary: 'Email a password reset link (the same answer for unknown addresses)',
    body: forgotPasswordRequestSchema,
    responses: { 202: messageResponseSchema },
  },
  'POST /users/reset-password': {
    summary: 'Set a new password with a reset link’s token',
    body: resetPasswordRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  'GET /.well-known/jwks.json': {
    summary: 'Public keys that verify access tokens (ES256)',
    responses: { 200: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) }) },
  },
  'PUT /internal/provider-accounts/:providerId': {
    summary: 'Service to service: create (201) or answer (200) the login of a provider record',
    body: providerAccountRequestSchema,
    responses: { 200: authResponseSchema, 201: authResponseSchema },
  },
  'PATCH /internal/provider-accounts/:providerId': {
    summary: 'Service to service: a provider login follows its record’s email',
    body: providerAccountUpdateSchema,
    responses: { 204: null },
  },
  'DELETE /internal/provider-accounts/:providerId': { summary: 'Service to service: remove a provider login', responses: { 204: null } },

  'POST /provider-info': {
    summary: 'Provider portal step 1: create the provider and its login',
    body: providerSignupSchema,
    responses: { 201: providerSignupResponseSchema },
  },
  'GET /provider-info/:id': { summary: 'A provider record (members see approved providers only)', responses: { 200: providerResponseSchema } },
  'GET /provider-info/:id/reviews': {
    summary: 'A provider’s approved reviews, a page at a time',
    query: reviewsQuerySchema,
    responses: { 200: reviewsResponseSchema },
  },
  'POST /provider-info/:id/reviews': {
    summary: 'Write one’s review of a provider',
    body: writeReviewRequestSchema,
    responses: { 201: ownReviewResponseSchema },
  },
  'GET /provider-info/:id/reviews/mine': { summary: 'One’s own review of a provider, or null', responses: { 200: ownReviewResponseSchema } },
  'PUT /provider-info/:id/reviews/mine': {
    summary: 'Change one’s review (it waits for moderation again)',
    body: writeReviewRequestSchema,
    responses: { 200: ownReviewResponseSchema },
  },
  'DELETE /provider-info/:id/reviews/mine': { summary: 'Remove one’s review', responses: { 204: null } },
  'PUT /provider-info/:id': { summary: 'Basic information of a provider record', body: providerBasicInfoSchema, responses: { 200: providerResponseSchema } },
  'PUT /provider-info/:id/qualifications': {
    summary: 'Provider portal step 2 and the dashboard: qualifications',
    body: providerQualificationsSchema,
    responses: { 200: providerResponseSchema },
  },
  'PUT /provider-info/:id/images': {
    summary: 'Provider portal step 3 and the dashboard: uploaded images and the description',
    body: providerContentSchema,
    responses: { 200: providerResponseSchema },
  },
  'POST /signature': {
    summary: 'A presigned S3 POST for one image upload',
    body: uploadSignatureRequestSchema,
    responses: { 200: uploadSignatureResponseSchema },
  },
  'GET /admins/providers': { summary: 'Admin provider list with counts', query: adminProvidersQuerySchema, responses: { 200: adminProvidersResponseSchema } },
  'GET /directory/providers': {
    summary: 'Members’ directory of approved providers (others get the count only)',
    query: directoryQuerySchema,
    responses: { 200: directoryResponseSchema },
  },
  'GET /directory/compare': { summary: 'Two to four providers side by side', query: compareQuerySchema, responses: { 200: compareResponseSchema } },
  'GET /saved-providers': { summary: 'One’s saved providers', responses: { 200: savedProvidersResponseSchema } },
  'GET /saved-providers/:providerId': { summary: 'Whether one saved a provider', responses: { 200: savedProviderStateSchema } },
  'PUT /saved-providers/:providerId': { summary: 'Save a provider', responses: { 204: null } },
  'DELETE /saved-providers/:providerId': { summary: 'Unsave a provider', responses: { 204: null } },
  'PUT /admins/providers/:id/status': {
    summary: 'Approve, block or unblock a provider',
    body: providerStatusUpdateSchema,
    responses: { 200: z.object({ provider: adminProviderSchema }) },
  },
  'GET /admins/reviews': { summary: 'Reviews for moderation', query: adminReviewsQuerySchema, responses: { 200: adminReviewsResponseSchema } },
  'PUT /admins/reviews/:reviewId/status': {
    summary: 'Approve or reject a review',
    body: reviewModerationRequestSchema,
    responses: { 200: adminReviewResponseSchema },
  },

  'POST /payments/create-payment-intent': {
    summary: 'A payment intent for the membership (the server computes the amount)',
    body: createPaymentIntentRequestSchema,
    responses: { 200: createPaymentIntentResponseSchema },
  },
  'POST /payments/confirm-payment': {
    summary: 'Confirm a payment intent with a payment method',
    body: confirmPaymentRequestSchema,
    responses: { 200: confirmPaymentResponseSchema },
  },
  'GET /payments/receipts': { summary: 'One’s paid memberships, newest first', responses: { 200: receiptsResponseSchema } },
  'POST /payments/webhook': {
    summary: 'Stripe’s events, signed (Stripe-Signature)',
    body: z.looseObject({ id: z.string(), type: z.string() }),
    responses: { 200: z.object({ received: z.literal(true) }) },
  },
  'POST /promo-codes/validate': {
    summary: 'A promo code’s discount',
    body: validatePromoCodeRequestSchema,
    responses: { 200: validatePromoCodeResponseSchema },
  },
  'POST /promo-codes/create': { summary: 'Create a promo code', body: newPromoCodeSchema, responses: { 201: z.object({ promoCode: promoCodeSchema }) } },
  'GET /promo-codes/list': { summary: 'Every promo code', responses: { 200: promoCodeListResponseSchema } },

  'POST /email/send-subscription-email': {
    summary: 'Whether the membership email was sent (200) or is on its way (202)',
    body: sendSubscriptionEmailRequestSchema,
    responses: { 200: messageResponseSchema, 202: messageResponseSchema },
  },
  'POST /email/provider-signup-notification': {
    summary: 'Tell the admins of a provider who finished the portal (once per provider)',
    body: providerSignupNotificationSchema,
    responses: { 200: messageResponseSchema },
  },
  'POST /email/send-provider-welcome-email': {
    summary: 'Welcome a provider who finished the portal (once per provider)',
    body: providerWelcomeEmailRequestSchema,
    responses: { 200: messageResponseSchema },
  },
};
