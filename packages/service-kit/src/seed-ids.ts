import { createHash } from 'node:crypto';

/** A UUID made from a name, so seeding twice writes the same records (and two services' seeds agree on an id). */
export function seededId(name: string): string {
  const hex = createHash('sha256').update(`altmed-seed:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The user id of the n-th generated member (svc-identity's seed makes them; svc-providers' seed writes their reviews). */
export const generatedMemberId = (n: number): string => seededId(`member-${n}`);
