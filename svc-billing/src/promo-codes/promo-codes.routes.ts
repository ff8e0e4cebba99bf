import { Router } from 'express';
import { newPromoCodeSchema, validatePromoCodeRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { createPromoCode, findValidPromoCode, listPromoCodes, type PromoCodesDeps } from './promo-codes.domain';

export function promoCodesRouter(deps: PromoCodesDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.post('/promo-codes/validate', requireAuth(verifier, { activeAccount: true }), async (req, res) => {
    const { code } = parseInput(validatePromoCodeRequestSchema, req.body);
    const { discountPercentage } = await findValidPromoCode(deps, code);
    res.json({ discountPercentage });
  });

  router.post('/promo-codes/create', admin, async (req, res) => {
    const request = parseInput(newPromoCodeSchema, req.body);
    res.status(201).json({ promoCode: await createPromoCode(deps, request, res.locals.auth!) });
  });

  router.get('/promo-codes/list', admin, async (_req, res) => {
    res.json({ promoCodes: await listPromoCodes(deps) });
  });

  return router;
}
