import type { NewPromoCode, PromoCode, PromoCodeListResponse } from '@altmed/contracts/web';
import { apiRequest, DefaultErrors } from '@altmed/web-kit';

export type { NewPromoCode, PromoCode } from '@altmed/contracts/web';

/** GET /api/promo-codes/list → { promoCodes }. */
export async function fetchPromoCodes(token: string | null, signal?: AbortSignal): Promise<PromoCode[]> {
  const data = await apiRequest<Partial<PromoCodeListResponse> | undefined>('/promo-codes/list', {
    token,
    defaultError: DefaultErrors.fetchPromoCodes,
    signal,
  });
  return Array.isArray(data?.promoCodes) ? data.promoCodes : [];
}

/** POST /api/promo-codes/create with the admin's token. */
export function createPromoCode(token: string | null, promo: NewPromoCode): Promise<unknown> {
  return apiRequest('/promo-codes/create', {
    method: 'POST',
    body: promo,
    token,
    defaultError: DefaultErrors.createPromoCode,
  });
}
