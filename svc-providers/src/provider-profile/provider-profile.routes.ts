import { Router } from 'express';
import { providerProfileQuerySchema, reviewsQuerySchema } from '@altmed/contracts';
import { parseQuery, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { providerIdOf } from '../providers/record-ids';
import { getProfile, getProviderReviews, type ProviderProfileDeps } from './provider-profile.domain';

/** A provider's profile and its reviews, for anyone logged in with an active account (pending and blocked ones only to themselves and admins). */
export function providerProfileRouter(deps: ProviderProfileDeps, verifier: TokenVerifier): Router {
  const router = Router();
  // An account that is still active: not blocked or deleted in svc-identity, and no password reset since the token.
  const loggedIn = requireAuth(verifier, { activeAccount: true });

  router.get('/provider-info/:id', loggedIn, async (req, res) => {
    const place = parseQuery(providerProfileQuerySchema, req.query);
    res.json(await getProfile(deps, providerIdOf(req.params.id), res.locals.auth, place));
  });

  router.get('/provider-info/:id/reviews', loggedIn, async (req, res) => {
    const { page, limit } = parseQuery(reviewsQuerySchema, req.query);
    res.json(await getProviderReviews(deps, providerIdOf(req.params.id), res.locals.auth, page, limit));
  });

  return router;
}
