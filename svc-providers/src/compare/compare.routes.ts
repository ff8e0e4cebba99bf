import { Router } from 'express';
import { Messages, compareQuerySchema } from '@altmed/contracts';
import { bearerToken, forbidden, parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import type { DirectoryDeps } from '../directory/directory.domain';
import { compareProviders } from './compare.domain';

/** Compare: two to four listed providers side by side, for members with an active membership and admins. */
export function compareRouter(deps: DirectoryDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const membersAndAdmins = requireAuth(verifier, { roles: ['user', 'admin'], activeAccount: true });

  router.get('/directory/compare', membersAndAdmins, async (req, res) => {
    const auth = res.locals.auth!;
    // The caller is checked before the query is read.
    if (auth.role === 'user' && !(await verifier.hasActiveMembership(auth, bearerToken(req) ?? ''))) {
      throw forbidden(Messages.activeMembershipRequired);
    }
    res.json(await compareProviders(deps, parseInput(compareQuerySchema, req.query)));
  });

  return router;
}
