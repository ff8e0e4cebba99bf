import { Router } from 'express';
import { DirectoryMessages, directoryQuerySchema, type AccessTokenClaims } from '@altmed/contracts';
import { bearerToken, forbidden, optionalAuth, parseInput, requireAuth, unauthorized, type TokenVerifier } from '@altmed/service-kit';
import { providerIdOf } from '../providers/record-ids';
import { isSaved, listSavedProviders, saveProvider, savedIdsOf, unsaveProvider, type SavedProvidersDeps } from '../saved/saved-providers.domain';
import { searchDirectory } from './directory.domain';

/** The directory and saved providers: what an active membership pays for. */
export function directoryRouter(deps: SavedProvidersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const member = requireAuth(verifier, { roles: ['user'], activeAccount: true });
  const payingMember = requireAuth(verifier, { roles: ['user'], activeMembership: true });

  /**
   * A member with an active membership, or an admin, sees the providers; anyone else their number.
   * A token's account must still be active, whoever holds it (401 otherwise).
   */
  const seesProviders = async (auth: AccessTokenClaims | undefined, token: string): Promise<boolean> => {
    if (!auth) return false;
    if (auth.role === 'user') return verifier.hasActiveMembership(auth, token);
    await verifier.ensureActiveAccount(auth, token);
    return auth.role === 'admin';
  };

  router.get('/directory/providers', optionalAuth(verifier), async (req, res) => {
    const search = parseInput(directoryQuerySchema, req.query);
    const auth = res.locals.auth;
    if (search.saved && !auth) throw unauthorized();
    if (search.saved && auth?.role !== 'user') throw forbidden(DirectoryMessages.savedNeedsLogin);
    const full = await seesProviders(auth, bearerToken(req) ?? '');
    const onlyIds = search.saved && auth ? await savedIdsOf(deps, auth.sub) : undefined;
    res.json(await searchDirectory(deps, search, full, onlyIds));
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
