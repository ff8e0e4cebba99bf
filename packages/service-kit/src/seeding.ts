import { createHash } from 'node:crypto';
import { isDuplicateKeyError } from './mongo';

/** A UUID made from a name, so seeding twice writes the same records (and two services' seeds agree on an id). */
export function seededId(name: string): string {
  const hex = createHash('sha256').update(`altmed-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The user id of the n-th generated member (svc-identity's seed makes them; svc-providers' seed writes their reviews). */
export const generatedMemberId = (n: number): string => seededId(`member-${n}`);

/** Every generated member logs in with this password (svc-identity's seed; the bench logs them in). */
export const GENERATED_MEMBER_PASSWORD = 'Member-Demo-2025';
export const generatedMemberEmail = (n: number): string => `member${n}@seed.altmed.local`;

/**
 * Inserts documents of fixed ids, skipping those already there (a seed stopped half-way and run
 * again); answers how many were inserted.
 */
export async function insertIgnoringDuplicates(insert: () => Promise<unknown[]>): Promise<number> {
  try {
    return (await insert()).length;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return (err as { insertedDocs?: unknown[] }).insertedDocs?.length ?? 0;
  }
}
