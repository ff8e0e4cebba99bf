import type { NextFunction, Request, Response } from 'express';
import { Messages, type AccessTokenClaims, type UserRole } from '@altmed/contracts';
import { forbidden, unauthorized } from './errors';
import type { TokenVerifier } from './token-verifier';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(header.trim());
  return match?.[1];
}

declare module 'express-serve-static-core' {
  interface Locals {
    auth?: AccessTokenClaims;
  }
}

export interface RequireAuthOptions {
  /** One of these roles, else 403. */
  roles?: readonly UserRole[];
  /** The account must still be active (not blocked or deleted, no password reset since the token): every route of the product sets it. */
  activeAccount?: boolean;
  /** What members pay for: a member must have an active membership (an admin sees it without one), else 403; implies an active account. */
  activeMembership?: boolean;
}

/** Express middleware: a valid token, when roles are given one of those roles, when asked an active account and an active membership. */
export function requireAuth(verifier: TokenVerifier, { roles, activeAccount = false, activeMembership = false }: RequireAuthOptions = {}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      const claims = await verifier.verify(token);
      if (roles && !roles.includes(claims.role)) throw forbidden();
      if (activeMembership) {
        if (!(await verifier.seesMembersContent(claims, token))) throw forbidden(Messages.activeMembershipRequired);
      } else if (activeAccount) {
        await verifier.ensureActiveAccount(claims, token);
      }
      res.locals.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Express middleware for routes open to everyone that answer more to some callers: no token is an
 * anonymous caller; a token is verified (401 when it is not valid, so the client drops it).
 */
export function optionalAuth(verifier: TokenVerifier) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (req.headers.authorization !== undefined) {
        const token = bearerToken(req);
        if (!token) throw unauthorized();
        res.locals.auth = await verifier.verify(token);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
