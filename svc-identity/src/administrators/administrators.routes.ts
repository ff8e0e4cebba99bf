import { Router, type RequestHandler } from 'express';
import { AdministratorMessages, acceptAdminInvitationRequestSchema, adminInvitationRequestSchema } from '@altmed/contracts';
import { parseInput, recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import {
  acceptInvitation,
  inviteAdministrator,
  listAdministrators,
  removeAdministrator,
  revokeInvitation,
  type AdministratorsDeps,
} from './administrators.domain';

/** Admin Settings: admins only, but for accepting an invitation (its link is the proof), limited per address like logins. */
export function administratorsRouter(deps: AdministratorsDeps, verifier: TokenVerifier, addressLimit: RequestHandler): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.get('/administrators', admin, async (_req, res) => {
    res.json(await listAdministrators(deps));
  });

  router.post('/administrators/invitations', admin, async (req, res) => {
    res.status(201).json(await inviteAdministrator(deps, parseInput(adminInvitationRequestSchema, req.body), res.locals.auth!));
  });

  router.post('/administrators/invitations/accept', addressLimit, async (req, res) => {
    res.status(201).json(await acceptInvitation(deps, parseInput(acceptAdminInvitationRequestSchema, req.body)));
  });

  router.delete('/administrators/invitations/:invitationId', admin, async (req, res) => {
    await revokeInvitation(deps, recordIdOf(req.params.invitationId, AdministratorMessages.invitationNotFound));
    res.status(204).end();
  });

  router.delete('/administrators/:userId', admin, async (req, res) => {
    await removeAdministrator(deps, recordIdOf(req.params.userId, AdministratorMessages.administratorNotFound));
    res.status(204).end();
  });

  return router;
}
