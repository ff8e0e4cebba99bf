import { Router } from 'express';
import { MemberAdminMessages, adminMembersQuerySchema, memberStatusUpdateSchema } from '@altmed/contracts';
import { parseInput, parseQuery, recordIdOf, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { changeMemberStatus, getMemberForAdmin, listMembersForAdmin, memberFigures, type MembersAdminDeps } from './members-admin.domain';

const memberIdOf = (value: unknown) => recordIdOf(value, MemberAdminMessages.memberNotFound);

/** Users Management: admins only. */
export function membersAdminRouter(deps: MembersAdminDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });

  router.get('/members', admin, async (req, res) => {
    res.json(await listMembersForAdmin(deps, parseQuery(adminMembersQuerySchema, req.query)));
  });

  router.get('/members/figures', admin, async (_req, res) => {
    res.json(await memberFigures(deps));
  });

  router.get('/members/:userId', admin, async (req, res) => {
    res.json(await getMemberForAdmin(deps, memberIdOf(req.params.userId)));
  });

  router.put('/members/:userId/status', admin, async (req, res) => {
    const { action } = parseInput(memberStatusUpdateSchema, req.body);
    res.json(await changeMemberStatus(deps, memberIdOf(req.params.userId), action, res.locals.auth!));
  });

  return router;
}
