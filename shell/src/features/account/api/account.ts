import type { ApiResponseBody, DirectoryProvider, Membership, ReceiptsResponse } from '@altmed/contracts/web';
import { apiCall } from '@altmed/web-kit';

/** GET /users/me: the member's membership (status and end date). */
export async function getMembership(token: string): Promise<Membership> {
  const { user } = await apiCall('GET /users/me', { token, defaultError: 'Could not load your membership' });
  return user.membership;
}

/** GET /payments/receipts: the member's paid memberships, newest first. */
export function getReceipts(token: string): Promise<ReceiptsResponse> {
  return apiCall('GET /payments/receipts', { token, defaultError: 'Could not load your receipts' });
}

/** GET /saved-providers: the providers the member keeps, newest first. */
export async function getSavedProviders(token: string): Promise<DirectoryProvider[]> {
  const { providers } = await apiCall('GET /saved-providers', { token, defaultError: 'Could not load your saved providers' });
  return providers;
}

/** DELETE /saved-providers/{id}. */
export async function removeSavedProvider(token: string, providerId: string): Promise<void> {
  await apiCall('DELETE /saved-providers/:providerId', { params: { providerId }, token, defaultError: 'Could not remove the provider' });
}

/** The account as svc-identity holds it (GET /users/me/data). */
export type MyAccount = ApiResponseBody<'GET /users/me/data'>['account'];
/** One payment attempt of the member (GET /payments/mine). */
export type MyPayment = ApiResponseBody<'GET /payments/mine'>['payments'][number];
/** One review the member wrote, in any moderation state (GET /reviews/mine). */
export type MyReview = ApiResponseBody<'GET /reviews/mine'>['reviews'][number];

/** GET /users/me/data: the member's account, for Download my data. */
export async function getMyAccount(token: string): Promise<MyAccount> {
  const { account } = await apiCall('GET /users/me/data', { token, defaultError: 'Could not load your account' });
  return account;
}

/** GET /payments/mine: every payment attempt of the member, newest first. */
export async function getMyPayments(token: string): Promise<MyPayment[]> {
  const { payments } = await apiCall('GET /payments/mine', { token, defaultError: 'Could not load your payments' });
  return payments;
}

/** GET /reviews/mine: every review the member wrote, newest first. */
export async function getMyReviews(token: string): Promise<MyReview[]> {
  const { reviews } = await apiCall('GET /reviews/mine', { token, defaultError: 'Could not load your reviews' });
  return reviews;
}

/** DELETE /users/me: deletes the member's account once the password is checked; the answer's message says so. */
export async function deleteMyAccount(token: string, password: string): Promise<string> {
  const { message } = await apiCall('DELETE /users/me', { token, body: { password }, defaultError: 'Could not delete your account' });
  return message;
}
