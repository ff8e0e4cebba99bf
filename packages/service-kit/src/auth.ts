import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { Messages, accessTokenClaimsSchema, type AccessTokenClaims, type UserRole } from '@altmed/contracts';
import { AppError, forbidden, unauthorized } from './errors';

export const TOKEN_ALGORITHM = 'ES256';

/** Finds the public key for a token's key id. */
export type KeySource = (kid: string) => Promise<KeyObject | undefined>;

export interface TokenVerifierOptions {
  keySource: KeySource;
  issuer: string;
  audience: string;
}

export interface TokenVerifier {
  verify: (token: string) => Promise<AccessTokenClaims>;
}

/** Keys from the identity service's JWKS; an unknown key id refetches at most once per interval. */
export function jwksKeySource(jwksUrl: string, refetchIntervalMs = 30_000): KeySource {
  let keys = new Map<string, KeyObject>();
  let lastFetch = 0;
  let inFlight: Promise<void> | undefined;

  const refresh = async () => {
    lastFetch = Date.now();
    const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(5_000) }).catch((err: unknown) => {
      // Identity unreachable (restarting, say): try again after a second, not after the interval.
      lastFetch = Date.now() - refetchIntervalMs + 1_000;
      throw err;
    });
    if (!response.ok) {
      lastFetch = Date.now() - refetchIntervalMs + 1_000;
      throw new Error(`JWKS answered ${response.status}`);
    }
    const body = (await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
    const next = new Map<string, KeyObject>();
    for (const jwk of body.keys ?? []) {
      if (jwk.kid) next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
    }
    keys = next;
  };

  return async (kid) => {
    const known = keys.get(kid);
    if (known) return known;
    if (lastFetch !== 0 && Date.now() - lastFetch < refetchIntervalMs) return undefined;
    inFlight ??= refresh().finally(() => (inFlight = undefined));
    await inFlight;
    return keys.get(kid);
  };
}

/** Verifies access tokens: ES256 only, with the expected issuer and audience, unexpired. */
export function createTokenVerifier({ keySource, issuer, audience }: TokenVerifierOptions): TokenVerifier {
  return {
    async verify(token) {
      const decoded = jwt.decode(token, { complete: true });
      const kid = decoded?.header.kid;
      if (!decoded || decoded.header.alg !== TOKEN_ALGORITHM || !kid) throw unauthorized();
      // Keys that cannot be fetched say nothing about the token: 503, not a logout.
      const key = await keySource(kid).catch(() => {
        throw new AppError(503, Messages.serviceUnavailable);
      });
      if (!key) throw unauthorized();
      try {
        const payload = jwt.verify(token, key, { algorithms: [TOKEN_ALGORITHM], issuer, audience });
        return accessTokenClaimsSchema.parse(payload);
      } catch {
        throw unauthorized();
      }
    },
  };
}

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

/** Express middleware: a valid token, and when roles are given, one of those roles. */
export function requireAuth(verifier: TokenVerifier, roles?: readonly UserRole[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = bearerToken(req);
      if (!token) throw unauthorized();
      const claims = await verifier.verify(token);
      if (roles && !roles.includes(claims.role)) throw forbidden();
      res.locals.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}
