import { Router } from 'express';
import { requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { providerFigures, type FiguresDeps } from './figures.domain';

/** The Dashboard's and Analytics Dashboard's provider figures: admins only. */
export function figuresRouter(deps: FiguresDeps, verifier: TokenVerifier): Router {
  const router = Router();
  router.get('/admins/figures', requireAuth(verifier, { roles: ['admin'], activeAccount: true }), async (_req, res) => {
    res.json(await providerFigures(deps));
  });
  return router;
}
