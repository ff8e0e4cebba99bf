import { setTimeout as delay } from 'node:timers/promises';

/** The promise's value if it settles within `ms`, else undefined (its timer is cleared either way; a rejection is thrown). */
export async function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const giveUp = new AbortController();
  try {
    return await Promise.race([promise, delay(ms, undefined, { signal: giveUp.signal })]);
  } finally {
    giveUp.abort();
  }
}
