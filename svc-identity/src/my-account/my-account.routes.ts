import { Router } from 'express';
import { AccountMessages, deleteAccountRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { deleteOwnAccount, myAccountData, type MyAccountDeps } from './my-account.domain';

/** A member's own account: Download my data and Delete my account. Members only. */
export function myAccountRouter(deps: MyAccountDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const member = requireAuth(verifier, { roles: ['user'], activeAccount: true });

  // myAccountData checks the account as activeAccount does, in the read of the record it answers.
  router.get('/users/me/data', requireAuth(verifier, { roles: ['user'] }), async (_req, res) => {
    res.json(await myAccountData(deps, res.locals.auth!));
  });

  router.delete('/users/me', member, async (req, res) => {
    await deleteOwnAccount(deps, res.locals.auth!.sub, parseInput(deleteAccountRequestSchema, req.body));
    res.json({ message: AccountMessages.deleted });
  });

  return router;
}
