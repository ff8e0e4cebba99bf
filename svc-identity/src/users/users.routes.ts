import { Router, type NextFunction, type Request, type Response } from 'express';
import { ProviderMessages, changePasswordRequestSchema, loginRequestSchema, signupRequestSchema } from '@altmed/contracts';
import { parseInput, requireAuth, type TokenVerifier } from '@altmed/service-kit';
import { changePassword, getUser, logIn, signUp, type UsersDeps } from './users.domain';

/** The per-address limit that login, sign-up and password resets share. */
export function addressRateLimit(deps: Pick<UsersDeps, 'loginLimits'>) {
  // The client address comes from X-Forwarded-For only when the hop is trusted (TRUST_PROXY).
  return async (req: Request, _res: Response, next: NextFunction) => {
    await deps.loginLimits.countAddressAttempt(req.ip ?? 'unknown');
    next();
  };
}

export function usersRouter(deps: UsersDeps, verifier: TokenVerifier): Router {
  const router = Router();
  const authRateLimit = addressRateLimit(deps);

  router.post('/users/signup', authRateLimit, async (req, res) => {
    const request = parseInput(signupRequestSchema, req.body);
    res.status(201).json(await signUp(deps, request));
  });

  router.post('/users/login', authRateLimit, async (req, res) => {
    const request = parseInput(loginRequestSchema, req.body);
    res.json(await logIn(deps, request));
  });

  // getUser checks the account as activeAccount does, in the read of the record it answers.
  router.get('/users/me', requireAuth(verifier), async (_req, res) => {
    res.json({ user: await getUser(deps, res.locals.auth!) });
  });

  router.put('/users/me/password', requireAuth(verifier, { activeAccount: true }), async (req, res) => {
    await changePassword(deps, res.locals.auth!.sub, parseInput(changePasswordRequestSchema, req.body));
    res.json({ message: ProviderMessages.passwordChanged });
  });
  return router;
}
