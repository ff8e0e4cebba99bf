import { Router } from 'express';
import { DirectoryMessages, directoryQuerySchema } from '@altmed/contracts';
import { bearerToken, forbidden, optionalAuth, parseQuery, requireAuth, unauthorized, type TokenVerifier } from '@altmed/service-kit';
import { providerIdOf } from '../providers/record-ids';
import { isSaved, saveProvider, savedIdsOf, unsaveProvider, type SavedProvidersDeps } from '../saved/saved-providers.domain';
import type { SearchTally } from '../figures/search-tally';
import { listSavedProviders, searchDirectory, type DirectoryDeps } from './directory.domain';

/** The directory and saved providers: what an active membership pays for. */
export function directoryRouter(deps: DirectoryDeps & SavedProvidersDeps & { searchTally: SearchTally }, verifier: TokenVerifier): Router {
  const router = Router();
  const member = requireAuth(verifier, { roles: ['user'], activeAccount: true });
  const payingMember = requireAuth(verifier, { roles: ['user'], activeMembership: true });

  router.get('/directory/providers', optionalAuth(verifier), async (req, res) => {
    const search = parseQuery(directoryQuerySchema, req.query);
    const auth = res.locals.auth;
    if (search.saved && !auth) throw unauthorized();
    if (search.saved && auth?.role !== 'user') throw forbidden(DirectoryMessages.savedNeedsLogin);
    // A member with an active membership, or an admin, sees the providers; anyone else their number.
    const full = auth ? await verifier.seesMembersContent(auth, bearerToken(req) ?? '') : false;
    const onlyIds = search.saved && auth ? await savedIdsOf(deps, auth.sub) : undefined;
    const found = await searchDirectory(deps, search, full, onlyIds);
    deps.searchTally.record(search, found.total);
    res.json(found);
  });

  router.get('/saved-providers', member, async (_req, res) => {
    res.json({ providers: await listSavedProviders(deps, res.locals.auth!.sub) });
  });

  router.get('/saved-providers/:providerId', member, async (req, res) => {
    res.json({ saved: await isSaved(deps, res.locals.auth!.sub, providerIdOf(req.params.providerId)) });
  });

  router.put('/saved-providers/:providerId', payingMember, async (req, res) => {
    await saveProvider(deps, res.locals.auth!.sub, providerIdOf(req.params.providerId));
    res.status(204).end();
  });

  router.delete('/saved-providers/:providerId', member, async (req, res) => {
    await unsaveProvider(deps, res.locals.auth!.sub, providerIdOf(req.params.providerId));
    res.status(204).end();
  });

  return router;
}
