import { Router } from 'express';
import { ReviewMessages, adminReviewsQuerySchema, reviewModerationRequestSchema, writeReviewRequestSchema } from '@altmed/contracts';
import { parseInput, parseQuery, recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { providerIdOf } from '../providers/record-ids';
import { createReview, deleteOwnReview, getOwnReview, updateOwnReview } from './member-reviews.domain';
import { listReviewsForAdmin, moderateReview, type ModerationDeps } from './moderation.domain';

/**
 * Reviews written by members and their moderation. A member writes or changes a review with an
 * active membership, and reads or removes its own without; admins (with an active account) moderate.
 * The caller is checked before the body is read.
 */
export function reviewsRouter(deps: ModerationDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const member = requireAuth(verifier, { roles: ['user'], activeAccount: true });
  const payingMember = requireAuth(verifier, { roles: ['user'], activeMembership: true });
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.post('/provider-info/:id/reviews', payingMember, async (req, res) => {
    const providerId = providerIdOf(req.params.id);
    const review = await createReview(deps, providerId, res.locals.auth!, parseInput(writeReviewRequestSchema, req.body));
    res.status(201).json({ review });
  });

  router.get('/provider-info/:id/reviews/mine', member, async (req, res) => {
    res.json({ review: await getOwnReview(deps, providerIdOf(req.params.id), res.locals.auth!) });
  });

  router.put('/provider-info/:id/reviews/mine', payingMember, async (req, res) => {
    const providerId = providerIdOf(req.params.id);
    res.json({ review: await updateOwnReview(deps, providerId, res.locals.auth!, parseInput(writeReviewRequestSchema, req.body)) });
  });

  router.delete('/provider-info/:id/reviews/mine', member, async (req, res) => {
    await deleteOwnReview(deps, providerIdOf(req.params.id), res.locals.auth!);
    res.status(204).end();
  });

  router.get('/admins/reviews', admin, async (req, res) => {
    const { status, page } = parseQuery(adminReviewsQuerySchema, req.query);
    res.json(await listReviewsForAdmin(deps, status, page));
  });

  router.put('/admins/reviews/:reviewId/status', admin, async (req, res) => {
    const reviewId = recordIdOf(req.params.reviewId, ReviewMessages.reviewNotFound);
    const { action } = parseInput(reviewModerationRequestSchema, req.body);
    res.json({ review: await moderateReview(deps, reviewId, action, res.locals.auth!) });
  });

  return router;
}
