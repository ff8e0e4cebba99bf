import mongoose from 'mongoose';
import { outboxRelayQueryShapes, unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { weeklyTallyModel } from './figures/weekly-tally.model';
import { providerModel } from './providers/provider.model';
import { reviewModel } from './reviews/review.model';
import { savedProviderModel } from './saved/saved-provider.model';

const connection = mongoose.createConnection();
const shownReviews = ['providerId', 'isActive', 'isApproved'];

/**
 * The members' directory and the admin provider search answer from the search index in memory
 * (search/), the admin Reviews page from the moderation queue (reviews/); both read records by these
 * queries, and every record at start (no filter).
 */
const queriesByCollection: [string, IndexSpec[], QueryShape[]][] = [
  [
    'weekly_tallies',
    weeklyTallyModel(connection).schema.indexes(),
    [
      { name: "figures: the charted weeks' tallies", equality: ['week'] },
      { name: 'tallies: one count added to, by id', equality: ['_id'] },
    ],
  ],
  [
    'providers',
    providerModel(connection).schema.indexes(),
    [
      { name: 'profile, own record and admin status change: an active record by id', equality: ['_id', 'accountState'] },
      { name: 'sign-up: activating or discarding a record being created', equality: ['_id', 'accountState'] },
      { name: 'profile changes and their answer, admin status change: a record by id', equality: ['_id'] },
      { name: 'sign-up and Basic Information: another record with the email', equality: ['email'] },
      { name: 'sign-up and Basic Information: another record with the NPI number', equality: ['npiNumber'] },
      { name: 'Basic Information: rolling back an email the login refused', equality: ['_id', 'email'] },
      { name: 'admin status change: the flags still as they were read', equality: ['_id', 'isActive', 'isApproved'] },
      { name: 'reviews and saving: a listed provider by id', equality: ['_id', 'accountState', 'isActive', 'isApproved'] },
      { name: 'review figures: taking the next revision', equality: ['_id'] },
      { name: 'review figures: writing those of the latest revision', equality: ['_id', 'reviewsRevision'] },
      { name: "record cache of list pages (admin list, saved list, admin reviews' provider names): records by id", equality: ['_id'] },
      { name: 'sweep of unfinished sign-ups: records still being created after a while', equality: ['accountState'], range: ['createdAt'] },
      { name: 'search index: the records an event names', equality: ['_id'] },
      { name: 'compare: the listed records by id', equality: ['_id', 'accountState', 'isActive', 'isApproved'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'reviews',
    reviewModel(connection).schema.indexes(),
    [
      { name: "profile and reviews page: a provider's shown reviews, newest first", equality: shownReviews, sort: { createdAt: -1, _id: 1 } },
      { name: "profile and reviews page: counting a provider's shown reviews", equality: shownReviews },
      { name: 'review figures: the counted reviews of providers', equality: shownReviews },
      { name: "a member's own review: reading, writing or removing it", equality: ['_id'] },
      { name: 'moderation: an active review by id', equality: ['_id', 'isActive'] },
      { name: 'moderation: the review still as it was read', equality: ['_id', 'isApproved', 'status', 'updatedAt'] },
      { name: 'moderation queue: the reviews an event names', equality: ['_id'] },
      { name: 'admin reviews: the records of a page by id', equality: ['_id'] },
      { name: "Users Management and Download my data: a member's reviews, newest first", equality: ['userId'], sort: { createdAt: -1, _id: 1 } },
      { name: "account deletion: a deleted member's reviews", equality: ['userId'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'saved_providers',
    savedProviderModel(connection).schema.indexes(),
    [
      { name: "saved providers: a member's ids, newest first", equality: ['userId'], sort: { savedAt: -1, _id: 1 } },
      { name: "saving: counting a member's saved providers; account deletion: removing them", equality: ['userId'] },
      { name: "profile, saving and removing: one member's save of one provider", equality: ['_id'] },
    ],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
