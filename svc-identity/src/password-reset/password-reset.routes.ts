import { Router, type RequestHandler } from 'express';
import { Messages, forgotPasswordRequestSchema, resetPasswordRequestSchema } from '@altmed/contracts';
import { parseInput } from '@altmed/service-kit';
import type { UsersDeps } from '../users/users.domain';
import { requestPasswordReset, resetPassword } from './password-reset.domain';

/** `addressLimit` is the per-address limit login and sign-up share. */
export function passwordResetRouter(deps: UsersDeps, addressLimit: RequestHandler): Router {
  const router = Router();
  // 202 with one message, whether or not the email has an account.
  router.post('/users/forgot-password', addressLimit, async (req, res) => {
    await requestPasswordReset(deps, parseInput(forgotPasswordRequestSchema, req.body));
    res.status(202).json({ message: Messages.passwordResetRequested });
  });
  router.post('/users/reset-password', addressLimit, async (req, res) => {
    await resetPassword(deps, parseInput(resetPasswordRequestSchema, req.body));
    res.json({ message: Messages.passwordChanged });
  });
  return router;
}
