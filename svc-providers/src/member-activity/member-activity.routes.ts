import { Router } from 'express';
import { MemberAdminMessages } from '@altmed/contracts';
import { recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { listMyReviews, memberActivity, type MemberActivityDeps } from './member-activity.domain';

/** Users Management's view of a member's saved providers and reviews (admins only), and a member's own reviews for Download my data. */
export function memberActivityRouter(deps: MemberActivityDeps, verifier: TokenVerifier): Router {
  const router = Router();
  router.get('/admins/members/:userId/activity', requireAuth(verifier, { roles: ['admin'], activeAccount: true }), async (req, res) => {
    res.json(await memberActivity(deps, recordIdOf(req.params.userId, MemberAdminMessages.memberNotFound)));
  });
  router.get('/reviews/mine', requireAuth(verifier, { roles: ['user'], activeAccount: true }), async (_req, res) => {
    res.json(await listMyReviews(deps, res.locals.auth!.sub));
  });
  return router;
}
