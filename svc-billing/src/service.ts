import { EventInbox, identityTokenVerifier, startService, type RunningService } from '@altmed/service-kit';
import { accountDeletionConsumer } from './account-deletion/user-deleted.handler';
import type { BillingConfig } from './config';
import { KeptPaymentList } from './orders/kept-payment-list';
import type { OrdersDeps } from './orders/orders.domain';
import { ordersRouter } from './orders/orders.routes';
import { paymentModel, paymentRefundModel, paymentSuccessModel, stripeEventModel } from './payments/payment.model';
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
    async setup({ connection, broker, app, logger, relayOutbox, metrics }) {
      const payments = paymentModel(connection);
      const successes = paymentSuccessModel(connection);
      const refunds = paymentRefundModel(connection);
      const promoCodes = promoCodeModel(connection);
      const stripeEvents = stripeEventModel(connection);
      await Promise.all([payments.init(), successes.init(), refunds.init(), promoCodes.init(), stripeEvents.init()]);
      const paymentList = new KeptPaymentList(payments, { logger, metrics });
      paymentList.kept.subscribe(broker);
      // Not awaited: payments are taken while the admin list is read (it waits for its queue first).
      paymentList.kept.readInBackground();
      const deps: OrdersDeps & WebhooksDeps = {
        payments,
        successes,
        refunds,
        paymentList,
        promoCodes,
        stripeEvents,
        stripe: createStripeClient(config),
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        logger,
        onEventsWritten: relayOutbox([payments, successes, refunds]),
      };
      broker.consume(
        accountDeletionConsumer(
          { payments, inbox: new EventInbox(connection), logger, onEventsWritten: deps.onEventsWritten },
          { queueSuffix: config.EVENT_QUEUE_SUFFIX },
        ),
      );
      const verifier = identityTokenVerifier(config, broker);
      app.use(paymentsRouter(deps, verifier));
      app.use(ordersRouter(deps, verifier));
      app.use(promoCodesRouter(deps, verifier));
      return { stop: async () => paymentList.kept.stop() };
    },
  });
}
