import type { KeyObject } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import jwt, { type JwtHeader } from 'jsonwebtoken';
import { JwksClient, JwksError } from 'jwks-rsa';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { Messages, accessTokenClaimsSchema, membershipSchema, type AccessTokenClaims, type Membership, type UserRole } from '@altmed/contracts';
import { AppError, forbidden, unauthorized } from './errors';

export const TOKEN_ALGORITHM = 'ES256';

const serviceUnavailable = () => new AppError(503, Messages.serviceUnavailable);

/** Thrown by a key source that could not reach its keys: says nothing about the token (503, not 401). */
export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

/** Finds the public key for a token's protected header (its `kid`); throws for a key it does not have (401), or `KeysUnavailableError` (503). */
export type KeySource = (header: JwtHeader) => Promise<KeyObject | string>;

export interface JwksKeySourceOptions {
  /** A key set older than this is fetched again before use. */
  maxAgeMs?: number;
  /** A key id the set does not hold fetches the set again only when it is at least this old. */
  cooldownMs?: number;
  timeoutMs?: number;
}

/** The JWKS as last fetched: each key id's public key. */
interface KeySet {
  keys: Map<string, string>;
  fetchedAt: number;
}

/**
 * Keys from the identity service's JWKS: `jwks-rsa` fetches the set and turns its keys into public
 * keys, and the set is kept (`lru-cache`: concurrent requests share one fetch, however long it
 * takes) for `maxAgeMs`. A key id the set does not hold fetches it again only when the set is at
 * least `cooldownMs` old, so forged key ids cost no fetches, and never delay a known key's refresh
 * (jwks-rsa's own cache and rate limit share one budget: forged ids used it up and a known key's
 * refresh was refused, a 401 for everyone). A key id still missing is a bad token (401); a JWKS that
 * cannot be fetched or read says nothing about the token (503).
 */
export function jwksKeySource(jwksUrl: string, { maxAgeMs = 10 * 60_000, cooldownMs = 30_000, timeoutMs = 5_000 }: JwksKeySourceOptions = {}): KeySource {
  const reader = new JwksClient({
    jwksUri: jwksUrl,
    cache: false,
    rateLimit: false,
    // The library's hook for its fetch: a timeout on the whole answer, and a set that is not one is a failure to fetch.
    fetcher: async (uri) => {
      const response = await fetch(uri, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`the JWKS answered ${response.status}`);
      const { keys } = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(keys)) throw new Error('the JWKS holds no key list');
      return { keys };
    },
  });
  const keySets = new LRUCache<'jwks', KeySet>({
    max: 1,
    ttl: maxAgeMs,
    fetchMethod: async () => {
      const fetchedAt = Date.now();
      try {
        const keys = await reader.getSigningKeys();
        return { keys: new Map(keys.map((key) => [key.kid, key.getPublicKey()])), fetchedAt };
      } catch (err) {
        // A set without signing keys (every key withdrawn) is an answer: no token is valid.
        if (err instanceof JwksError && /did not contain any (signing )?keys/.test(err.message)) return { keys: new Map(), fetchedAt };
        throw new KeysUnavailableError('the JWKS could not be fetched', { cause: err });
      }
    },
  });
  const keySet = async (fresh = false): Promise<KeySet> => {
    const set = await keySets.fetch('jwks', { forceRefresh: fresh });
    if (!set) throw new KeysUnavailableError('the JWKS could not be fetched');
    return set;
  };
  return async (header) => {
    let set = await keySet();
    if (header.kid && !set.keys.has(header.kid) && Date.now() - set.fetchedAt >= cooldownMs) set = await keySet(true);
    const key = header.kid ? set.keys.get(header.kid) : undefined;
    if (!key) throw new Error(`no key ${header.kid}`);
    return key;
  };
}

/** One known key (the identity service's own), no fetch. */
export function staticKeySource(kid: string, publicKey: KeyObject): KeySource {
  return async (header) => {
    if (header.kid !== kid) throw new Error(`no key ${header.kid}`);
    return publicKey;
  };
}

/** A token's payload once jsonwebtoken has checked its signature (ES256 only), issuer, audience and expiry. */
function verifiedPayload(token: string, keySource: KeySource, issuer: string, audience: string): Promise<jwt.JwtPayload> {
  return new Promise((resolve, reject) => {
    let keyError: unknown;
    const findKey: jwt.GetPublicKeyOrSecret = (header, callback) => {
      keySource(header).then(
        (key) => callback(null, key),
        (err: unknown) => {
          keyError = err;
          callback(err as Error);
        },
      );
    };
    jwt.verify(token, findKey, { algorithms: [TOKEN_ALGORITHM], issuer, audience }, (err, payload) => {
      // jsonwebtoken wraps what the key source threw in an error of its own: a key that could not be fetched stays a 503.
      if (err) return reject(keyError instanceof KeysUnavailableError ? keyError : err);
      if (typeof payload !== 'object') return reject(new Error('the token has no claims'));
      resolve(payload);
    });
  });
}

/**
 * Whether a verified token's account is still active (not blocked, not deleted). Resolves false
 * for an inactive account; rejects when the answer cannot be known (503).
 */
export type AccountStatusSource = (claims: AccessTokenClaims, token: string) => Promise<boolean>;

/**
 * The membership of a verified token's account. `fresh` asks past any cached answer (a member who
 * has just paid). Rejects when the answer cannot be known (503).
 */
export type MembershipSource = (claims: AccessTokenClaims, token: string, options?: { fresh?: boolean }) => Promise<Membership>;

export interface TokenVerifierOptions {
  keySource: KeySource;
  issuer: string;
  audience: string;
  accountStatus: AccountStatusSource;
  /** Needed only by services that check memberships. */
  membership?: MembershipSource;
}

export interface TokenVerifier {
  /** Signature (ES256 only), issuer, audience, expiry and claims' shape. */
  verify: (token: string) => Promise<AccessTokenClaims>;
  /** 401 unless the verified token's account is still active. */
  ensureActiveAccount: (claims: AccessTokenClaims, token: string) => Promise<void>;
  /** Whether the account's membership is active now (a cached "no" is asked again, so a payment counts at once). */
  hasActiveMembership: (claims: AccessTokenClaims, token: string) => Promise<boolean>;
  /**
   * Whether the caller sees what members pay for: a member with an active membership, or an admin.
   * 401 unless the account is still active, whoever holds the token.
   */
  seesMembersContent: (claims: AccessTokenClaims, token: string) => Promise<boolean>;
}

export function isActiveMembership(membership: Membership, now = new Date()): boolean {
  return membership.status === 'active' && membership.endsAt !== null && new Date(membership.endsAt) > now;
}

/** Verifies access tokens: ES256 only, with the expected issuer and audience, unexpired. */
export function createTokenVerifier({ keySource, issuer, audience, accountStatus, membership }: TokenVerifierOptions): TokenVerifier {
  const verify = async (token: string): Promise<AccessTokenClaims> => {
    let payload: jwt.JwtPayload;
    try {
      payload = await verifiedPayload(token, keySource, issuer, audience);
    } catch (err) {
      // Keys that cannot be fetched say nothing about the token: 503, not a logout.
      if (err instanceof KeysUnavailableError) throw serviceUnavailable();
      throw unauthorized();
    }
    // jsonwebtoken checks an expiry only when there is one: a token without one is refused here.
    if (typeof payload.exp !== 'number') throw unauthorized();
    // Claims of another shape make an invalid token, not a failure of ours.
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw unauthorized();
    return claims.data;
  };
  const hasActiveMembership = async (claims: AccessTokenClaims, token: string): Promise<boolean> => {
    if (!membership) throw new Error('this token verifier was made without a membership source');
    if (isActiveMembership(await membership(claims, token))) return true;
    return isActiveMembership(await membership(claims, token, { fresh: true }));
  };
  return {
    verify,
    async ensureActiveAccount(claims, token) {
      if (!(await accountStatus(claims, token))) throw unauthorized();
    },
    hasActiveMembership,
    async seesMembersContent(claims, token) {
      if (!(await accountStatus(claims, token))) throw unauthorized();
      if (claims.role === 'admin') return true;
      return claims.role === 'user' && hasActiveMembership(claims, token);
    },
  };
}

export interface IdentityAccountOptions {
  /** How long an answer is reused; a blocked account's token works at most this long. */
  ttlMs: number;
  timeoutMs?: number;
  maxEntries?: number;
}

/** What svc-identity says of an account: null when it is blocked, deleted or its session ended. */
type AccountAnswer = { membership: Membership } | null;

const meResponseSchema = z.object({ user: z.object({ membership: membershipSchema }) });

/**
 * Asks svc-identity (`GET /users/me` with the caller's own token) whether the account is active,
 * the token's session version current, and what its membership is; reuses the answer per user and
 * session version for `ttlMs`. Concurrent requests for one user share one call.
 */
export function identityAccount(
  identityUrl: string,
  { ttlMs, timeoutMs = 5_000, maxEntries = 50_000 }: IdentityAccountOptions,
): { accountStatus: AccountStatusSource; membership: MembershipSource } {
  const meUrl = new URL('/users/me', identityUrl);
  const answers = new LRUCache<string, { answer: AccountAnswer }, string>({
    max: maxEntries,
    ttl: ttlMs,
    fetchMethod: async (_userAndVersion, _stale, { context: token, signal }) => {
      const response = await fetch(meUrl, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      if (response.status === 401) {
        await response.body?.cancel();
        return { answer: null };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`identity answered ${response.status}`);
      }
      const { user } = meResponseSchema.parse(await response.json());
      return { answer: { membership: user.membership } };
    },
  });
  const ask = async (claims: AccessTokenClaims, token: string, fresh = false): Promise<AccountAnswer> => {
    // Unreachable or failing identity says nothing about the account: 503, not a logout.
    // Per user and session version: a token from before a password reset gets an answer of its own.
    const cached = await answers.fetch(`${claims.sub}:${claims.sessionVersion ?? 0}`, { context: token, forceRefresh: fresh }).catch(() => {
      throw serviceUnavailable();
    });
    if (!cached) throw serviceUnavailable();
    return cached.answer;
  };
  return {
    accountStatus: async (claims, token) => (await ask(claims, token)) !== null,
    membership: async (claims, token, options) => {
      const answer = await ask(claims, token, options?.fresh);
      if (!answer) throw unauthorized();
      return answer.membership;
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

export interface IdentityVerifierConfig {
  IDENTITY_URL: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  ACCOUNT_STATUS_CACHE_SECONDS: number;
  JWKS_MAX_AGE_SECONDS: number;
}

/** The verifier every service but identity uses: identity's JWKS, and identity's word on account status. */
export function identityTokenVerifier(config: IdentityVerifierConfig): TokenVerifier {
  return createTokenVerifier({
    keySource: jwksKeySource(new URL('/.well-known/jwks.json', config.IDENTITY_URL).toString(), { maxAgeMs: config.JWKS_MAX_AGE_SECONDS * 1000 }),
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ...identityAccount(config.IDENTITY_URL, { ttlMs: config.ACCOUNT_STATUS_CACHE_SECONDS * 1000 }),
  });
}
