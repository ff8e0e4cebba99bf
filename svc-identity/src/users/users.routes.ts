import { Router, type NextFunction, type Request, type Response } from 'express';
import { loginRequestSchema, signupRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { getUser, logIn, signUp, type UsersDeps } from './users.domain';

export function usersRouter(deps: UsersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  // The client address comes from X-Forwarded-For only when the hop is trusted (TRUST_PROXY).
  const authRateLimit = async (req: Request, _res: Response, next: NextFunction) => {
    await deps.loginLimits.countAddressAttempt(req.ip ?? 'unknown');
    next();
  };

  router.post('/users/signup', authRateLimit, async (req, res) => {
    const request = parseInput(signupRequestSchema, req.body);
    res.status(201).json(await signUp(deps, request));
  });

  router.post('/users/login', authRateLimit, async (req, res) => {
    const request = parseInput(loginRequestSchema, req.body);
    res.json(await logIn(deps, request));
  });

  router.get('/users/me', requireAuth(verifier, { activeAccount: true }), async (_req, res) => {
    res.json({ user: await getUser(deps, res.locals.auth!.sub) });
  });

  return router;
}
