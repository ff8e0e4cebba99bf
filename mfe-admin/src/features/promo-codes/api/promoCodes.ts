import type { ApiResponseBody, NewPromoCode, PromoCode } from '@altmed/contracts/web';
import { apiCall, DefaultErrors } from '@altmed/web-kit';

export type { NewPromoCode, PromoCode } from '@altmed/contracts/web';

/** GET /api/promo-codes/list → { promoCodes }. */
export async function fetchPromoCodes(token: string | null, signal?: AbortSignal): Promise<PromoCode[]> {
  const data = await apiCall('GET /promo-codes/list', { token, defaultError: DefaultErrors.fetchPromoCodes, signal });
  return Array.isArray(data?.promoCodes) ? data.promoCodes : [];
}

/** POST /api/promo-codes/create with the admin's token. */
export function createPromoCode(token: string | null, promo: NewPromoCode): Promise<ApiResponseBody<'POST /promo-codes/create'>> {
  return apiCall('POST /promo-codes/create', { body: promo, token, defaultError: DefaultErrors.createPromoCode });
}
