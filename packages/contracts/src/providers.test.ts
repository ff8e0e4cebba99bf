import { adminProvidersQuerySchema, adminProvidersResponseSchema, newPromoCodeSchema, promoCodeListResponseSchema } from './index';

describe('provider and promo-code API shapes (SPEC §3, §7)', () => {
  it('reads the admin list reply and rejects a card without its status flags', () => {
    const reply = {
      providers: [{ _id: 'p1', providerName: 'Dr Ada', isActive: true, isApproved: false, specialties: ['Vision'] }],
      stats: { total: 1, approved: 0, pending: 1, blocked: 0 },
    };
    expect(adminProvidersResponseSchema.parse(reply)).toEqual(reply);
    expect(adminProvidersResponseSchema.safeParse({ ...reply, providers: [{ _id: 'p1' }] }).success).toBe(false);
  });

  it('takes the admin list query from the URL and refuses unknown filters', () => {
    expect(adminProvidersQuerySchema.parse({ status: 'pending', search: ' ada ', page: '2' })).toEqual({ status: 'pending', search: 'ada', page: 2 });
    expect(adminProvidersQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
    expect(adminProvidersQuerySchema.safeParse({ sort: 'x' }).success).toBe(false);
  });

  it('accepts a new promo code with a null expiry and a discount from 1 to 100 only', () => {
    expect(newPromoCodeSchema.parse({ code: ' SPRING ', discountPercentage: 25, expiryDate: null })).toEqual({
      code: 'SPRING',
      discountPercentage: 25,
      expiryDate: null,
    });
    expect(newPromoCodeSchema.safeParse({ code: 'X', discountPercentage: 0, expiryDate: null }).success).toBe(false);
    expect(newPromoCodeSchema.safeParse({ code: 'X', discountPercentage: 101, expiryDate: null }).success).toBe(false);
    expect(promoCodeListResponseSchema.parse({ promoCodes: [{ _id: '1', code: 'A', discountPercentage: 5, isActive: true }] }).promoCodes).toHaveLength(1);
  });
});
