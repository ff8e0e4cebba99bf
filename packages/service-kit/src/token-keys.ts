import { createPublicKey, type KeyObject } from 'node:crypto';
import type { JwtHeader } from 'jsonwebtoken';
import { JwksClient, JwksError } from 'jwks-rsa';
import { LRUCache } from 'lru-cache';

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

/** The JWKS as last fetched: each key id's public key, imported once (given as PEM, jsonwebtoken would import it at every verification). */
interface KeySet {
  keys: Map<string, KeyObject>;
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
        return { keys: new Map(keys.map((key) => [key.kid, createPublicKey(key.getPublicKey())])), fetchedAt };
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
