import mongoose from 'mongoose';
import { outboxRelayQueryShapes, unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { paymentModel, paymentRefundModel, paymentSuccessModel, stripeEventModel } from './payments/payment.model';
import { promoCodeModel } from './promo-codes/promo-code.model';

const connection = mongoose.createConnection();

const queriesByCollection: [string, IndexSpec[], QueryShape[]][] = [
  [
    'payments',
    paymentModel(connection).schema.indexes(),
    [
      { name: 'payment intent: the open payment of a purchase', equality: ['purchaseKey'] },
      { name: 'payment intent: the intent of a payment still being created', equality: ['_id', 'status'] },
      { name: 'confirm and webhooks: the payment of a Stripe intent', equality: ['paymentIntentId'] },
      { name: "recording an intent's outcome on its payment", equality: ['_id'] },
      {
        name: "receipts: a member's succeeded or refunded payments ($in: one index scan each, merged), newest first",
        equality: ['userId', 'status'],
        sort: { paidAt: -1 },
      },
      { name: "Users Management: a member's payments, newest first", equality: ['userId'], sort: { createdAt: -1 }, range: ['status'] },
      { name: "Download my data: the caller's payments, newest first", equality: ['userId'], sort: { createdAt: -1 }, range: ['status'] },
      { name: "account deletion: a deleted member's payments", equality: ['userId'] },
      // Orders Management's list reads every payment once per instance (a read model), then the changed ones by id.
      { name: 'Orders Management: the payments an event names', equality: ['_id'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'payment_successes',
    paymentSuccessModel(connection).schema.indexes(),
    [{ name: "confirm and webhooks: whether and when a payment's success was recorded", equality: ['_id'] }, ...outboxRelayQueryShapes],
  ],
  [
    'payment_refunds',
    paymentRefundModel(connection).schema.indexes(),
    [{ name: "refunds and webhooks: whether and how a payment's refund was recorded", equality: ['_id'] }, ...outboxRelayQueryShapes],
  ],
  ['stripe_events', stripeEventModel(connection).schema.indexes(), [{ name: 'webhooks: whether a Stripe event was handled', equality: ['_id'] }]],
  [
    'promo_codes',
    promoCodeModel(connection).schema.indexes(),
    [
      { name: 'payment intent: an active code that has not expired', equality: ['code', 'isActive'], range: ['expiresAt'] },
      { name: "promo codes: the admins' list, newest first", equality: [], sort: { createdAt: -1 } },
    ],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
