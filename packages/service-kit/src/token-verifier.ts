import jwt from 'jsonwebtoken';
import { Messages, accessTokenClaimsSchema, type AccessTokenClaims, type Membership } from '@altmed/contracts';
import { AppError, unauthorized } from './errors';
import { KeysUnavailableError, type KeySource } from './token-keys';

export const TOKEN_ALGORITHM = 'ES256';

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
      if (err instanceof KeysUnavailableError) throw new AppError(503, Messages.serviceUnavailable);
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
