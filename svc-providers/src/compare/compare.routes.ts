import { Router } from 'express';
import { compareQuerySchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { compareProviders, type CompareDeps } from './compare.domain';

/** Compare: two to four listed providers side by side, for members with an active membership and admins. */
export function compareRouter(deps: CompareDeps, verifier: TokenVerifier): Router {
  const router = Router();
  // The caller is checked before the query is read.
  const payingMembersAndAdmins = requireAuth(verifier, { roles: ['user', 'admin'], activeMembership: true });

  router.get('/directory/compare', payingMembersAndAdmins, async (req, res) => {
    res.json(await compareProviders(deps, parseInput(compareQuerySchema, req.query)));
  });

  return router;
}
