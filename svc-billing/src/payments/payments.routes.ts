import { Router } from 'express';
import { MemberAdminMessages, Messages, confirmPaymentRequestSchema, createPaymentIntentRequestSchema } from '@altmed/contracts';
import { parseInput, recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { handleStripeWebhook, type WebhooksDeps } from '../webhooks/stripe-webhooks.domain';
import { confirmPayment, createPaymentIntent } from './checkout.domain';
import { listMemberPayments, listMyPayments } from './member-payments.domain';
import { listReceipts, resendReceipt } from './receipts.domain';

export function paymentsRouter(deps: WebhooksDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const member = requireAuth(verifier, { activeAccount: true });
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.post('/payments/create-payment-intent', member, async (req, res) => {
    const request = parseInput(createPaymentIntentRequestSchema, req.body);
    res.json(await createPaymentIntent(deps, res.locals.auth!, request));
  });

  router.post('/payments/confirm-payment', member, async (req, res) => {
    const request = parseInput(confirmPaymentRequestSchema, req.body);
    res.json(await confirmPayment(deps, res.locals.auth!.sub, request));
  });

  router.get('/payments/receipts', member, async (_req, res) => {
    res.json(await listReceipts(deps, res.locals.auth!.sub));
  });

  router.get('/payments/mine', requireAuth(verifier, { roles: ['user'], activeAccount: true }), async (_req, res) => {
    res.json(await listMyPayments(deps, res.locals.auth!.sub));
  });

  router.get('/payments/members/:userId', admin, async (req, res) => {
    res.json(await listMemberPayments(deps, recordIdOf(req.params.userId, MemberAdminMessages.memberNotFound)));
  });

  router.post('/payments/:paymentId/receipt', admin, async (req, res) => {
    res.status(202).json(await resendReceipt(deps, recordIdOf(req.params.paymentId, Messages.paymentNotFound), res.locals.auth!));
  });

  // Called by Stripe, not a user: the signature on the raw body is its authentication.
  router.post('/payments/webhook', async (req, res) => {
    await handleStripeWebhook(deps, req.rawBody, req.get('stripe-signature'));
    res.json({ received: true });
  });

  return router;
}
