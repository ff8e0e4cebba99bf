import mongoose from 'mongoose';
import { outboxRelayQueryShapes, unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { receiptModel } from './subscription/receipt.model';
import { supportMessageModel } from './support/support-message.model';

const queriesByCollection: [string, IndexSpec[], QueryShape[]][] = [
  [
    'subscription_receipts',
    receiptModel(mongoose.createConnection()).schema.indexes(),
    [
      { name: 'subscription email: marking the receipt of a payment sent', equality: ['_id'] },
      { name: "subscription email status: a member's latest receipt", equality: ['userId'], sort: { paidAt: -1 } },
      { name: "account deletion: a deleted member's receipts", equality: ['userId'] },
      { name: 'receipt resend: the receipt of a payment', equality: ['_id'] },
    ],
  ],
  [
    'support_messages',
    supportMessageModel(mongoose.createConnection()).schema.indexes(),
    [
      { name: "Support Center: one state's messages, newest first", equality: ['status'], sort: { receivedAt: -1, _id: 1 } },
      { name: 'Support Center: how many messages each state holds', equality: ['status'] },
      { name: 'replying: a message by id', equality: ['_id'] },
      ...outboxRelayQueryShapes,
    ],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
