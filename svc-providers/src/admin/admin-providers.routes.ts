import { Router } from 'express';
import { z } from 'zod';
import { ProviderMessages, adminProvidersQuerySchema, providerStatusUpdateSchema } from '@altmed/contracts';
import { notFound, parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import type { ProvidersDeps } from '../providers/providers.domain';
import { changeProviderStatus, listProvidersForAdmin } from './admin-providers.domain';

/** The administrators' calls (SPEC §7): every one needs an admin whose account is still active. */
export function adminProvidersRouter(deps: ProvidersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.get('/admins/providers', admin, async (req, res) => {
    res.json(await listProvidersForAdmin(deps, parseInput(adminProvidersQuerySchema, req.query), res.locals.auth!));
  });

  router.put('/admins/providers/:id/status', admin, async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) throw notFound(ProviderMessages.providerNotFound);
    const { status } = parseInput(providerStatusUpdateSchema, req.body);
    res.json(await changeProviderStatus(deps, id.data, status, res.locals.auth!));
  });

  return router;
}
