import { Router, type NextFunction, type Request, type Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { SUPPORT_MESSAGES_PER_HOUR, SupportMessages, adminSupportQuerySchema, supportMessageRequestSchema, supportReplyRequestSchema } from '@altmed/contracts';
import { optionalAuth, parseInput, parseQuery, recordIdOf, requireAuth, tooManyRequests, type TokenVerifier } from '@altmed/service-kit';
import { listSupportMessages, receiveSupportMessage, replyToSupportMessage, type SupportDeps } from './support.domain';

/**
 * The Contact page's messages, open to everyone and limited per client address (counted by each
 * instance: with two, an address gets at most twice the limit); a member's token, when sent, names
 * the sender. The Support Center's, admins only.
 */
export function supportRouter(deps: SupportDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const admin = requireAuth(verifier, { roles: ['admin'], activeAccount: true });
  const perAddress = new RateLimiterMemory({ points: SUPPORT_MESSAGES_PER_HOUR, duration: 3600 });
  const addressLimit = async (req: Request, _res: Response, next: NextFunction) => {
    // The client address comes from X-Forwarded-For only when the hop is trusted (TRUST_PROXY).
    await perAddress.consume(req.ip ?? 'unknown').catch((rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
      throw rejection;
    });
    next();
  };

  router.post('/support/messages', optionalAuth(verifier), addressLimit, async (req, res) => {
    res.status(202).json(await receiveSupportMessage(deps, parseInput(supportMessageRequestSchema, req.body), res.locals.auth));
  });

  router.get('/support/messages', admin, async (req, res) => {
    res.json(await listSupportMessages(deps, parseQuery(adminSupportQuerySchema, req.query)));
  });

  router.post('/support/messages/:messageId/reply', admin, async (req, res) => {
    const messageId = recordIdOf(req.params.messageId, SupportMessages.messageNotFound);
    const { text } = parseInput(supportReplyRequestSchema, req.body);
    res.json(await replyToSupportMessage(deps, messageId, text, res.locals.auth!));
  });

  return router;
}
