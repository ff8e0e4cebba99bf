import MiniSearch from 'minisearch';
import { LRUCache } from 'lru-cache';

/** What a provider's entry gives the text index: its slot (the index's number for it) and the fields searched. */
export interface TextDocument {
  slot: number;
  providerName: string;
  practiceName: string;
  city: string;
  email: string;
  npiNumber: string;
}

export const DIRECTORY_TEXT_FIELDS = ['providerName', 'practiceName'] as const;
export const ADMIN_TEXT_FIELDS = ['practiceName', 'providerName', 'city', 'email', 'npiNumber'] as const;
type TextField = (typeof ADMIN_TEXT_FIELDS)[number];

/** A word of this many letters or more may hold one typo (shorter ones would match too much). */
const TYPO_TOLERANT_LENGTH = 5;
/** The memory the answers for recent words may take (one byte per slot each: about 330 words at 100,000 providers). */
const WORD_CACHE_BYTES = 32 * 1024 * 1024;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null | undefined | false;

export const textOf = (document: TextDocument): string => ADMIN_TEXT_FIELDS.map((field) => document[field]).join('\n');

/**
 * Which providers hold every word of a search at the start of a word of their text fields: minisearch
 * answers each word (prefixes, and one typo in long words), and the answer for a word is kept as a
 * byte per slot until a provider's text changes, so a common word ("health", a city) costs its
 * thousands of matches once, not on every search that holds it. A search's answer is its words'
 * answers ANDed.
 */
export class TextMatcher {
  private readonly text = new MiniSearch<TextDocument>({ idField: 'slot', fields: [...ADMIN_TEXT_FIELDS] });
  private readonly wordMatches = new LRUCache<string, Uint8Array>({ maxSize: WORD_CACHE_BYTES, sizeCalculation: (matches) => matches.byteLength || 1 });

  add(document: TextDocument): void {
    this.text.add(document);
    this.wordMatches.clear();
  }

  replace(document: TextDocument): void {
    this.text.replace(document);
    this.wordMatches.clear();
  }

  /** A discarded slot is never given again, and searches only look at the slots they list, so the kept answers stay right. */
  discard(slot: number): void {
    this.text.discard(slot);
  }

  /** Adds many documents in chunks that let other work run between them. */
  async addAll(documents: readonly TextDocument[]): Promise<void> {
    await this.text.addAllAsync(documents, { chunkSize: 2_000 });
    this.wordMatches.clear();
  }

  /**
   * A byte per slot below `slotCount`, 1 where the provider holds every word of the search in
   * `fields`; undefined when the search has no word. Shared with later searches: do not change it.
   */
  matches(search: string, fields: readonly TextField[], typos: boolean, slotCount: number): Uint8Array | undefined {
    const words = [...new Set(tokenize(search).flatMap((token) => processTerm(token) || []))];
    if (words.length === 0) return undefined;
    const [first, ...rest] = words.map((word) => this.wordMatchesOf(word, fields, typos, slotCount));
    if (rest.length === 0) return first;
    const all = Uint8Array.from(first!);
    for (const matches of rest) for (let slot = 0; slot < all.length; slot += 1) all[slot]! &= matches[slot] ?? 0;
    return all;
  }

  private wordMatchesOf(word: string, fields: readonly TextField[], typos: boolean, slotCount: number): Uint8Array {
    const key = `${fields.join(',')}|${typos ? 1 : 0}|${word}`;
    const kept = this.wordMatches.get(key);
    if (kept && kept.length >= slotCount) return kept;
    const matches = new Uint8Array(slotCount);
    const fuzzy = typos && word.length >= TYPO_TOLERANT_LENGTH && !/\d/.test(word) ? 1 : 0;
    for (const result of this.text.search(word, { fields: [...fields], prefix: true, fuzzy })) matches[result.id as number] = 1;
    this.wordMatches.set(key, matches);
    return matches;
  }
}
