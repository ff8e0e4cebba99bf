import type { AnyBulkWriteOperation } from 'mongoose';
import type { ProviderDocument, ProviderModel } from './provider.model';

/** Bumped when `searchKeysOf` changes: records with another version get new keys at service start. */
export const SEARCH_KEYS_VERSION = 2;
/** Keys and searches are cut to this length (a longer search matches on its first 64 characters). */
const MAX_KEY_LENGTH = 64;

export type SearchedFields = Pick<ProviderDocument, 'practiceName' | 'providerName' | 'email' | 'npiNumber' | 'city'>;
export interface SearchKeys {
  searchKeys: string[];
  /** What the members' directory matches: the provider and practice names only (never an email or NPI). */
  directoryKeys: string[];
  /** The city as the directory compares it, and the provider name as it sorts. */
  cityKey: string;
  nameKey: string;
  searchKeysVersion: number;
}

/** Lowercased, runs of white space made one space, trimmed. */
const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** A letter or digit with none right before it: where a word starts. */
const WORD_START = /(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu;

/** The value from each word on: "dr. maya patel" → "dr. maya patel", "maya patel", "patel". */
function fromEachWord(value: string): string[] {
  const text = normalize(value);
  return [...text.matchAll(WORD_START)].map((match) => text.slice(match.index, match.index + MAX_KEY_LENGTH));
}

/**
 * What the admin search matches: the practice name, provider name, email, NPI and city from each
 * of their words on, lowercased. A search finds a record when one key starts with it, so an index
 * on the keys serves it (a prefix, not a scan of every value).
 */
export function searchKeysOf(fields: SearchedFields): SearchKeys {
  const keys = new Set([fields.practiceName, fields.providerName, fields.city, fields.email, fields.npiNumber].flatMap(fromEachWord));
  const directoryKeys = new Set([fields.providerName, fields.practiceName].flatMap(fromEachWord));
  return {
    searchKeys: [...keys],
    directoryKeys: [...directoryKeys],
    cityKey: normalize(fields.city),
    nameKey: normalize(fields.providerName),
    searchKeysVersion: SEARCH_KEYS_VERSION,
  };
}

/** A city as `cityKey` holds it. */
export const normalizeCity = (city: string): string => normalize(city);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a key that starts with the (normalized) search: an anchored pattern, a range of an index on the keys. */
export const keyStartingWith = (search: string) => ({ $regex: `^${escapeRegex(search)}` });

/** The search as the keys are written, or undefined when nothing is left to search for. */
export function normalizeSearch(search: string | undefined): string | undefined {
  const text = normalize(search ?? '').slice(0, MAX_KEY_LENGTH);
  return text || undefined;
}

const BACKFILL_BATCH = 500;

/**
 * Gives every record without keys of the current version its keys (records written before the keys
 * existed, or under an older `SEARCH_KEYS_VERSION`); run at service start. A record whose searched
 * fields change meanwhile is left to the write that changed them, which sets its keys too. The
 * records are read whole before the first write: no cursor stays open across the writes.
 */
export async function backfillSearchKeys(providers: ProviderModel): Promise<number> {
  const stale = await providers
    .find({ searchKeysVersion: { $ne: SEARCH_KEYS_VERSION } })
    .select({ practiceName: 1, providerName: 1, email: 1, npiNumber: 1, city: 1 })
    .lean<(SearchedFields & Pick<ProviderDocument, '_id'>)[]>();
  let updated = 0;
  for (let start = 0; start < stale.length; start += BACKFILL_BATCH) {
    const operations: AnyBulkWriteOperation<ProviderDocument>[] = stale
      .slice(start, start + BACKFILL_BATCH)
      .map(({ _id, ...fields }) => ({ updateOne: { filter: { _id, ...fields }, update: { $set: searchKeysOf(fields) } } }));
    updated += (await providers.bulkWrite(operations, { ordered: false })).modifiedCount;
  }
  return updated;
}
