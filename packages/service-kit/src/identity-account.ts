import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { Messages, membershipSchema, parseEvent, type AccessTokenClaims, type Membership } from '@altmed/contracts';
import type { EventBroker, InstanceSubscription } from './broker';
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

/** What an instance keeps of accounts, and how it lets go of it. */
export interface IdentityAccount {
  accountStatus: AccountStatusSource;
  membership: MembershipSource;
  /** Answers about this account asked before now are asked again (it was blocked, unblocked or deleted). */
  forget: (userId: string) => void;
  /** Every answer asked before now is asked again (account changes may have been missed). */
  forgetAll: () => void;
}

/**
 * Asks svc-identity (`GET /users/me` with the caller's own token) whether the account is active,
 * the token's session version current, and what its membership is; reuses the answer per user and
 * session version for `ttlMs`, unless the account was forgotten since it was asked. Concurrent
 * requests for one user share one call.
 */
export function identityAccount(identityUrl: string, { ttlMs, timeoutMs = 5_000, maxEntries = 50_000 }: IdentityAccountOptions): IdentityAccount {
  const meUrl = new URL('/users/me', identityUrl);
  const answers = new LRUCache<string, { answer: AccountAnswer; askedAt: number }, string>({
    max: maxEntries,
    ttl: ttlMs,
    // A call in flight when its entry is evicted or refreshed still answers the requests waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: async (_userAndVersion, _stale, { context: token }) => {
      const askedAt = performance.now();
      const response = await fetch(meUrl, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 401) {
        await response.body?.cancel();
        return { answer: null, askedAt };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`identity answered ${response.status}`);
      }
      const { user } = meResponseSchema.parse(await response.json());
      return { answer: { membership: user.membership }, askedAt };
    },
  });
  /** When each account was last forgotten; kept only while an answer asked before it could still be cached. */
  const forgottenAt = new Map<string, number>();
  let everythingForgottenAt = -Infinity;
  const keptLongestMs = ttlMs + timeoutMs;
  const askedSinceForgotten = (userId: string, askedAt: number) => askedAt > Math.max(everythingForgottenAt, forgottenAt.get(userId) ?? -Infinity);

  const ask = async (claims: AccessTokenClaims, token: string, fresh = false): Promise<AccountAnswer> => {
    // Per user and session version: a token from before a password reset gets an answer of its own.
    const key = `${claims.sub}:${claims.sessionVersion ?? 0}`;
    let forceRefresh = fresh;
    for (;;) {
      // Unreachable or failing identity says nothing about the account: 503, not a logout.
      const cached = await answers.fetch(key, { context: token, forceRefresh }).catch(() => {
        throw serviceUnavailable();
      });
      if (!cached) throw serviceUnavailable();
      if (askedSinceForgotten(claims.sub, cached.askedAt)) return cached.answer;
      // Asked before the account changed (perhaps a call still in flight then): asked again.
      forceRefresh = true;
    }
  };
  return {
    accountStatus: async (claims, token) => (await ask(claims, token)) !== null,
    membership: async (claims, token, options) => {
      const answer = await ask(claims, token, options?.fresh);
      if (!answer) throw unauthorized();
      return answer.membership;
    },
    forget(userId) {
      const now = performance.now();
      for (const [id, at] of forgottenAt) if (now - at > keptLongestMs) forgottenAt.delete(id);
      forgottenAt.set(userId, now);
    },
    forgetAll() {
      everythingForgottenAt = performance.now();
      forgottenAt.clear();
    },
  };
}

/**
 * Every instance hears at once, on a queue of its own, that an account was blocked, unblocked or
 * deleted, and forgets what it kept of it: its tokens are refused within a moment, not after the
 * cache's lifetime. A queue made again after a reconnect missed what changed meanwhile, so each
 * subscription forgets everything.
 */
export function accountStatusSubscription(account: Pick<IdentityAccount, 'forget' | 'forgetAll'>): InstanceSubscription {
  return {
    name: 'account-status',
    eventTypes: ['account.status_changed'],
    handle: async (event) => account.forget(parseEvent('account.status_changed', event).data.userId),
    onSubscribed: () => account.forgetAll(),
  };
}

export interface IdentityVerifierConfig {
  IDENTITY_URL: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  ACCOUNT_STATUS_CACHE_SECONDS: number;
  JWKS_MAX_AGE_SECONDS: number;
}

/**
 * The verifier every service but identity uses: identity's JWKS, and identity's word on account
 * status, forgotten when the broker tells of a change (register it before the broker starts).
 */
export function identityTokenVerifier(config: IdentityVerifierConfig, broker: Pick<EventBroker, 'subscribeThisInstance'>): TokenVerifier {
  const { accountStatus, membership, ...forgetting } = identityAccount(config.IDENTITY_URL, { ttlMs: config.ACCOUNT_STATUS_CACHE_SECONDS * 1000 });
  broker.subscribeThisInstance(accountStatusSubscription(forgetting));
  return createTokenVerifier({
    keySource: jwksKeySource(new URL('/.well-known/jwks.json', config.IDENTITY_URL).toString(), { maxAgeMs: config.JWKS_MAX_AGE_SECONDS * 1000 }),
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    accountStatus,
    membership,
  });
}
