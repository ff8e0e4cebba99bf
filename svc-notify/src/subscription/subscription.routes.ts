import { Router } from 'express';
import { sendSubscriptionEmailRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { subscriptionEmailStatus, type SubscriptionDeps } from './subscription.domain';

export function subscriptionRouter(deps: Pick<SubscriptionDeps, 'receipts'>, verifier: TokenVerifier): Router {
  const router = Router();
  router.post('/email/send-subscription-email', requireAuth(verifier, { activeAccount: true }), async (req, res) => {
    const { userId } = parseInput(sendSubscriptionEmailRequestSchema, req.body);
    const { status, message } = await subscriptionEmailStatus(deps, res.locals.auth!.sub, userId);
    res.status(status).json({ message });
  });
  return router;
}
