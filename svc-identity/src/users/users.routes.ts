import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { Messages, loginRequestSchema, signupRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { getUser, logIn, signUp, type UsersDeps } from './users.domain';

export function usersRouter(deps: UsersDeps, verifier: TokenVerifier, authAttemptsPerMinute: number): Router {
  const router = Router();
  const authRateLimit = rateLimit({
    windowMs: 60_000,
    limit: authAttemptsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message: Messages.tooManyRequests });
    },
  });

  router.post('/users/signup', authRateLimit, async (req, res) => {
    const request = parseInput(signupRequestSchema, req.body);
    res.status(201).json(await signUp(deps, request));
  });

  router.post('/users/login', authRateLimit, async (req, res) => {
    const request = parseInput(loginRequestSchema, req.body);
    res.json(await logIn(deps, request));
  });

  router.get('/users/me', requireAuth(verifier), async (_req, res) => {
    res.json({ user: await getUser(deps, res.locals.auth!.sub) });
  });

  return router;
}
