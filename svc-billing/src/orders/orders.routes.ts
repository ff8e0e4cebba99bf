import { Router } from 'express';
import { Messages, adminOrdersQuerySchema } from '@altmed/contracts';
import { parseQuery, recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { listOrders, paymentFigures, refundPayment, type OrdersDeps } from './orders.domain';

/** Orders Management: admins only. */
export function ordersRouter(deps: OrdersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.get('/payments', admin, async (req, res) => {
    res.json(await listOrders(deps, parseQuery(adminOrdersQuerySchema, req.query)));
  });

  router.get('/payments/figures', admin, async (_req, res) => {
    res.json(await paymentFigures(deps));
  });

  router.post('/payments/:paymentId/refund', admin, async (req, res) => {
    res.json(await refundPayment(deps, recordIdOf(req.params.paymentId, Messages.paymentNotFound), res.locals.auth!));
  });

  return router;
}
