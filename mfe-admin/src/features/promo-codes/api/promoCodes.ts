import { apiRequest, DefaultErrors } from '@altmed/web-kit';

export interface PromoCode {
  _id: string;
  code: string;
  discountPercentage: number;
  expiresAt?: string | null;
  isActive: boolean;
}

export interface NewPromoCode {
  code: string;
  discountPercentage: number;
  /** Sent as null when empty (SPEC §3). */
  expiryDate: string | null;
}

/** GET /api/promo-codes/list → { promoCodes }. */
export async function fetchPromoCodes(token: string | null): Promise<PromoCode[]> {
  const data = await apiRequest<{ promoCodes?: PromoCode[] }>('/promo-codes/list', {
    token,
    defaultError: DefaultErrors.fetchPromoCodes,
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
