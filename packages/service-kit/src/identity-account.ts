import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { Messages, membershipSchema, type AccessTokenClaims, type Membership } from '@altmed/contracts';
import { AppError, unauthorized } from './errors';
import { jwksKeySource } from './token-keys';
import { createTokenVerifier, type AccountStatusSource, type MembershipSource, type TokenVerifier } from './token-verifier';

const serviceUnavailable = () => new AppError(503, Messages.serviceUnavailable);

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
