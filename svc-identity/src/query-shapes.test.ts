import mongoose from 'mongoose';
import { outboxRelayQueryShapes, unservedQueryShapes, type IndexSpec, type QueryShape } from '@altmed/service-kit';
import { RATE_LIMIT_INDEXES } from './users/login-limits';
import { userModel } from './users/user.model';
import { invitationModel } from './administrators/invitation.model';

// Left out: the member list's read of every member (role `user`) at start, one pass.
const queriesByCollection: [string, IndexSpec[], QueryShape[]][] = [
  [
    'users',
    userModel(mongoose.createConnection()).schema.indexes(),
    [
      { name: 'sign-up, login, password reset request and the administrator bootstrap: an account by email', equality: ['email'] },
      { name: 'token checks, own account, password change, membership and provider logins: an account by id', equality: ['_id'] },
      { name: 'provider login: changing its email or removing it', equality: ['_id', 'role', 'providerId'] },
      { name: 'Users Management: a member by id, and a block or unblock from the status it was checked against', equality: ['_id', 'role', 'status'] },
      { name: 'member list: the members named by an event', equality: ['_id'] },
      { name: 'Admin Settings: the administrators, oldest first, and how many are left', equality: ['role', 'status'], sort: { createdAt: 1 } },
      { name: 'the administrator bootstrap: whether any administrator is left', equality: ['role', 'status'] },
      { name: 'Admin Settings: removing an administrator', equality: ['_id', 'role', 'status'] },
      { name: 'membership: a payment applied to the end it was computed from', equality: ['_id', 'membershipEndsAt'] },
      { name: 'membership: whether a payment was applied meanwhile', equality: ['_id', 'membershipPayments'] },
      { name: 'password reset: the account of a link that has not ended', equality: ['passwordReset.tokenHash'], range: ['passwordReset.expiresAt'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'admin_invitations',
    invitationModel(mongoose.createConnection()).schema.indexes(),
    [
      { name: 'inviting: the open invitation of an email', equality: ['email'] },
      { name: 'accepting: the open invitation of a link', equality: ['tokenHash'], range: ['expiresAt'] },
      { name: 'Admin Settings: the open invitations, newest first', equality: [], sort: { expiresAt: -1 } },
      { name: 'removing an administrator: the invitations they sent', equality: ['invitedBy.id'] },
      { name: 'taking an invitation back', equality: ['_id'] },
      ...outboxRelayQueryShapes,
    ],
  ],
  [
    'rate_limits',
    RATE_LIMIT_INDEXES,
    [
      { name: 'login limits: counting an attempt in the window of an address or email', equality: ['key'], range: ['expire'] },
      { name: 'login limits: clearing an account after a successful login', equality: ['key'] },
      { name: 'login limits sweep: ended windows', equality: [], range: ['expire'] },
    ],
  ],
];

it.each(queriesByCollection)('serves every query on %s from one of its indexes', (_collection, indexes, queries) => {
  expect(unservedQueryShapes(indexes, queries)).toEqual([]);
});
