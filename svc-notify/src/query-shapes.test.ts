import mongoose from 'mongoose';
import { unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { receiptModel } from './subscription/receipt.model';

const queriesByCollection: [string, IndexSpec[], QueryShape[]][] = [
  [
    'subscription_receipts',
    receiptModel(mongoose.createConnection()).schema.indexes(),
    [
      { name: 'subscription email: marking the receipt of a payment sent', equality: ['_id'] },
      { name: "subscription email status: a member's latest receipt", equality: ['userId'], sort: { paidAt: -1 } },
    ],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
