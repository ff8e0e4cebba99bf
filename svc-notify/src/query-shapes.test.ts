import mongoose from 'mongoose';
import { outboxRelayQueryShapes, unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { forgottenMemberModel } from './subscription/forgotten-member.model';
import { receiptModel } from './subscription/receipt.model';
import { forgottenSenderModel } from './support/forgotten-sender.model';
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
      // The Support Center lists, counts and searches from a read model that reads every message once per instance, then the changed ones by id.
      { name: 'Support Center: the messages an event names', equality: ['_id'] },
      { name: 'replying: a message by id', equality: ['_id'] },
      { name: 'account deletion: the messages a member sent logged in', equality: ['userId'] },
      { name: "account deletion: the messages sent from a member's email", equality: ['email'] },
      { name: "account deletion: a deleted member's messages, by id", equality: ['_id'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'forgotten_members',
    forgottenMemberModel(mongoose.createConnection()).schema.indexes(),
    [{ name: 'receipts and reminders: whether a member deleted their account', equality: ['_id'] }],
  ],
  [
    'support_forgotten_senders',
    forgottenSenderModel(mongoose.createConnection()).schema.indexes(),
    [{ name: "account deletion: a deleted member's forgotten messages", equality: ['_id'] }, ...outboxRelayQueryShapes],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
