import { Router } from 'express';
import { z } from 'zod';
import { CLIENT_ADDRESS_HEADER, providerAccountRequestSchema, providerAccountUpdateSchema } from '@altmed/contracts';
import { parseInput } from '@altmed/service-kit';
import { requireServiceCredential } from '../internal/service-credential';
import type { UsersDeps } from '../users/users.domain';
import { deleteProviderAccount, ensureProviderAccount, updateProviderAccount } from './provider-accounts.domain';

const providerIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid provider id');

/**
 * Service-to-service routes under /internal: only callers holding INTERNAL_API_TOKEN, and the
 * gateway routes no /api path here (see docs/decisions.md, Provider accounts).
 */
export function providerAccountsRouter(deps: UsersDeps, internalApiToken: string): Router {
  const router = Router();
  router.use('/internal', requireServiceCredential(internalApiToken));
  router.put('/internal/provider-accounts/:providerId', async (req, res) => {
    const providerId = parseInput(providerIdSchema, req.params.providerId);
    // The client the provider portal serves counts against the same per-address limit as a sign-up here.
    const clientAddress = req.headers[CLIENT_ADDRESS_HEADER];
    if (typeof clientAddress === 'string' && clientAddress) await deps.loginLimits.countAddressAttempt(clientAddress.slice(0, 100));
    const { created, response } = await ensureProviderAccount(deps, providerId, parseInput(providerAccountRequestSchema, req.body));
    res.status(created ? 201 : 200).json(response);
  });
  router.patch('/internal/provider-accounts/:providerId', async (req, res) => {
    await updateProviderAccount(deps, parseInput(providerIdSchema, req.params.providerId), parseInput(providerAccountUpdateSchema, req.body));
    res.status(204).end();
  });
  router.delete('/internal/provider-accounts/:providerId', async (req, res) => {
    await deleteProviderAccount(deps, parseInput(providerIdSchema, req.params.providerId));
    res.status(204).end();
  });
  return router;
}
