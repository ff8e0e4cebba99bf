import { Router } from 'express';
import { adminProvidersQuerySchema, providerStatusUpdateSchema } from '@altmed/contracts';
import { parseInput, parseQuery, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { providerIdOf } from '../providers/record-ids';
import { changeProviderStatus, listProvidersForAdmin, type AdminProvidersDeps } from './admin-providers.domain';

/** The administrators' calls (SPEC §7): every one needs an admin whose account is still active. */
export function adminProvidersRouter(deps: AdminProvidersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.get('/admins/providers', admin, async (req, res) => {
    res.json(await listProvidersForAdmin(deps, parseQuery(adminProvidersQuerySchema, req.query), res.locals.auth!));
  });

  router.put('/admins/providers/:id/status', admin, async (req, res) => {
    const id = providerIdOf(req.params.id);
    const { status } = parseInput(providerStatusUpdateSchema, req.body);
    res.json(await changeProviderStatus(deps, id, status, res.locals.auth!));
  });

  return router;
}
