import { identityTokenVerifier, startService, type RunningService } from '@altmed/service-kit';
import type { BillingConfig } from './config';
import { paymentModel, paymentSuccessModel, stripeEventModel } from './payments/payment.model';
import { paymentsRouter } from './payments/payments.routes';
import { promoCodeModel } from './promo-codes/promo-code.model';
import { promoCodesRouter } from './promo-codes/promo-codes.routes';
import { createStripeClient } from './stripe/stripe-client';
import type { WebhooksDeps } from './webhooks/stripe-webhooks.domain';

export function startBillingService(config: BillingConfig): Promise<RunningService> {
  return startService({
    name: 'svc-billing',
    api: 'billing',
    config,
    // Payments need Stripe and the database; their events wait in the outbox while the broker is away.
    worksWithoutBroker: true,
    async setup({ connection, app, logger, relayOutbox }) {
      const payments = paymentModel(connection);
      const successes = paymentSuccessModel(connection);
      const promoCodes = promoCodeModel(connection);
      const stripeEvents = stripeEventModel(connection);
      await Promise.all([payments.init(), successes.init(), promoCodes.init(), stripeEvents.init()]);
      const deps: WebhooksDeps = {
        payments,
        successes,
        promoCodes,
        stripeEvents,
        stripe: createStripeClient(config),
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        logger,
        onEventsWritten: relayOutbox([payments, successes]),
      };
      const verifier = identityTokenVerifier(config);
      app.use(paymentsRouter(deps, verifier));
      app.use(promoCodesRouter(deps, verifier));
    },
  });
}
