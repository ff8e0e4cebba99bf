import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { LRUCache } from 'lru-cache';
import { objectBytes, stringBytes } from '@altmed/service-kit';

/** What a provider's entry gives the text index: its slot (the index's number for it) and the fields searched. */
export interface TextDocument {
  slot: number;
  providerName: string;
  practiceName: string;
  city: string;
  email: string;
  npiNumber: string;
}

/** The directory searches names; the admins' search also the city, email and NPI. */
export type TextScope = 'directory' | 'admin';

const NAME_FIELDS = ['providerName', 'practiceName'] as const;
const OTHER_FIELDS = ['city', 'email', 'npiNumber'] as const;

/** A document's searched text, to tell whether it changed. */
export const textOf = (document: TextDocument): string => [...NAME_FIELDS, ...OTHER_FIELDS].map((field) => document[field]).join('\n');

/** A word of this many letters or more may hold one typo (shorter ones would match too much). */
const TYPO_TOLERANT_LENGTH = 5;
/** The memory the answers for recent words may take (one bit per slot each: about 330 words at 100,000 providers). */
const WORD_CACHE_BYTES = 4 * 1024 * 1024;
/** Documents added between two pauses of a build that lets other work run. */
const BUILD_CHUNK = 2_000;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null | undefined | false;
const wordsOf = (text: string): string[] => [...new Set(tokenize(text).flatMap((token) => processTerm(token) || []))];
const wordsIn = (document: TextDocument, fields: readonly (keyof TextDocument)[]) => wordsOf(fields.map((field) => document[field]).join(' '));

/** The slots holding a word: one slot as a number (most words of emails and NPIs), several as an array. */
type Postings = number | number[];

/** A word in the radix tree (its node's map, the edge's label): measured by the read-models bench. */
const WORD_BYTES = 250;
const SLOT_BYTES = 8;

/** The slots of words held by several, counted for the memory estimate, and the one way postings change. */
class PostingsCount {
  slotsInArrays = 0;
  arrays = 0;

  /** A word's postings with `slot` added (an array already held grows in place). */
  withSlot(postings: Postings | undefined, slot: number): Postings {
    if (postings === undefined) return slot;
    this.slotsInArrays += 1;
    if (typeof postings !== 'number') {
      postings.push(slot);
      return postings;
    }
    this.arrays += 1;
    this.slotsInArrays += 1;
    return [postings, slot];
  }

  /** A word's postings without `slot`: undefined when none is left (an array shrinks in place). */
  withoutSlot(postings: Postings, slot: number): Postings | undefined {
    if (postings === slot) return undefined;
    if (typeof postings === 'number') return postings;
    const at = postings.indexOf(slot);
    if (at === -1) return postings;
    postings.splice(at, 1);
    this.slotsInArrays -= 1;
    if (postings.length > 1) return postings;
    this.arrays -= 1;
    this.slotsInArrays -= 1;
    return postings[0]!;
  }

  approximateBytes(): number {
    return this.arrays * objectBytes(2) + this.slotsInArrays * SLOT_BYTES;
  }
}

/** Which slots match a search: one bit per slot, slot `s` at bit `s & 31` of word `s >>> 5`. */
export type SlotBits = Uint32Array;

export const hasSlot = (bits: SlotBits, slot: number): boolean => (((bits[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 1;

const bitsFor = (slotCount: number): SlotBits => new Uint32Array((slotCount + 31) >>> 5);

function markAll(matches: SlotBits, postings: Postings): void {
  if (typeof postings === 'number') matches[postings >>> 5]! |= 1 << (postings & 31);
  else for (const slot of postings) matches[slot >>> 5]! |= 1 << (slot & 31);
}

/**
 * Words and the slots that hold them, for the start-of-word and one-typo matches: the words in
 * minisearch's radix tree (`SearchableMap`, which answers prefixes and edit distances), the slots
 * beside each word as numbers. minisearch's own index keeps a map per word and field and an object
 * per document besides: at 100,000 providers 196 MB, where these and `SortedWordSlots` take 21 MB
 * (docs/benchmarks.md).
 */
class WordSlots {
  private readonly words = new SearchableMap<Postings>();
  private readonly count = new PostingsCount();

  add(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const postings = this.words.get(word);
      const next = this.count.withSlot(postings, slot);
      if (next !== postings) this.words.set(word, next);
    }
  }

  remove(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const postings = this.words.get(word);
      if (postings === undefined) continue;
      const next = this.count.withoutSlot(postings, slot);
      if (next === undefined) this.words.delete(word);
      else if (next !== postings) this.words.set(word, next);
    }
  }

  approximateBytes(): number {
    return this.words.size * WORD_BYTES + this.count.approximateBytes();
  }

  /** Marks in `matches` the slots holding a word that starts with `word` or, with `typos`, is one edit from it. */
  mark(matches: SlotBits, word: string, typos: boolean): void {
    for (const [, postings] of this.words.atPrefix(word)) markAll(matches, postings);
    if (typos) for (const [postings] of this.words.fuzzyGet(word, 1).values()) markAll(matches, postings);
  }
}

/**
 * Words matched by their start only (the city, email and NPI, which only admins search, without
 * typos), in a sorted array beside their slots: most of these words belong to one provider, where a
 * radix tree's node costs about 250 bytes and a place in these arrays about 50. Words added come in
 * order at the next search (a build adds 100,000 providers' words, then sorts them once).
 */
class SortedWordSlots {
  private words: string[] = [];
  private slots: Postings[] = [];
  private pending: { word: string; slot: number }[] = [];
  private readonly count = new PostingsCount();

  add(slot: number, words: readonly string[]): void {
    for (const word of words) this.pending.push({ word, slot });
  }

  /** Takes the slot from these words, whether they are still waiting to be merged or in the arrays: no merge for a change. */
  remove(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const waiting = this.pending.findIndex((added) => added.slot === slot && added.word === word);
      if (waiting !== -1) {
        this.pending.splice(waiting, 1);
        continue;
      }
      const at = this.positionOf(word);
      if (this.words[at] !== word) continue;
      const next = this.count.withoutSlot(this.slots[at]!, slot);
      if (next !== undefined) this.slots[at] = next;
      else {
        this.words.splice(at, 1);
        this.slots.splice(at, 1);
      }
    }
  }

  mark(matches: SlotBits, prefix: string): void {
    this.settle();
    for (let at = this.positionOf(prefix); at < this.words.length && this.words[at]!.startsWith(prefix); at += 1) markAll(matches, this.slots[at]!);
  }

  approximateBytes(): number {
    let bytes = (this.words.length + this.pending.length) * 2 * SLOT_BYTES + this.count.approximateBytes();
    for (const word of this.words) bytes += stringBytes(word);
    return bytes;
  }

  /** The first position whose word is not before `word`. */
  private positionOf(word: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Merges the words added since the last search into the sorted arrays. */
  settle(): void {
    if (this.pending.length === 0) return;
    const added = this.pending.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.slot - b.slot));
    this.pending = [];
    const words: string[] = [];
    const slots: Postings[] = [];
    let kept = 0;
    // A word already in the arrays and the same word added come one after the other: the added slot joins it.
    const append = (word: string, postings: Postings) => {
      const last = words.length - 1;
      if (last >= 0 && words[last] === word && typeof postings === 'number') slots[last] = this.count.withSlot(slots[last], postings);
      else {
        words.push(word);
        slots.push(postings);
      }
    };
    for (const { word, slot } of added) {
      while (kept < this.words.length && this.words[kept]! <= word) {
        append(this.words[kept]!, this.slots[kept]!);
        kept += 1;
      }
      append(word, slot);
    }
    for (; kept < this.words.length; kept += 1) append(this.words[kept]!, this.slots[kept]!);
    this.words = words;
    this.slots = slots;
  }
}

/**
 * Which providers hold every word of a search at the start of a word of their text fields (and, for
 * members, with one typo in long words). The answer for a word is kept as a bit per slot until a
 * provider's text changes, so a common word ("health", a city) costs its thousands of matches once,
 * not on every search that holds it. A search's answer is its words' answers ANDed.
 */
export class TextMatcher {
  private readonly names = new WordSlots();
  private readonly others = new SortedWordSlots();
  private readonly wordMatches = new LRUCache<string, SlotBits>({ maxSize: WORD_CACHE_BYTES, sizeCalculation: (matches) => matches.byteLength || 1 });

  add(document: TextDocument): void {
    this.index(document);
    this.wordMatches.clear();
  }

  /** The document's text changed (`previous`: as it was added, in the same slot). */
  replace(previous: TextDocument, document: TextDocument): void {
    this.unindex(previous);
    this.add(document);
  }

  /**
   * The document (as it was added) leaves. Its slot is never given again, and searches only look at the
   * slots they list, so the kept answers stay right.
   */
  discard(document: TextDocument): void {
    this.unindex(document);
  }

  /** Adds many documents in chunks that let other work run between them. */
  async addAll(documents: readonly TextDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += BUILD_CHUNK) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const document of documents.slice(start, start + BUILD_CHUNK)) this.index(document);
    }
    this.others.settle();
    this.wordMatches.clear();
  }

  /**
   * A bit per slot below `slotCount` (`hasSlot`), set where the provider holds every word of the search in
   * the scope's fields; undefined when the search has no word. Shared with later searches: do not change it.
   */
  matches(search: string, scope: TextScope, slotCount: number): SlotBits | undefined {
    const words = wordsOf(search);
    if (words.length === 0) return undefined;
    const [first, ...rest] = words.map((word) => this.wordMatchesOf(word, scope, slotCount));
    if (rest.length === 0) return first;
    const all = Uint32Array.from(first!);
    for (const matches of rest) for (let word = 0; word < all.length; word += 1) all[word]! &= matches[word] ?? 0;
    return all;
  }

  /** The words, their slots and the kept answers, roughly. */
  approximateBytes(): number {
    return this.names.approximateBytes() + this.others.approximateBytes() + this.wordMatches.calculatedSize;
  }

  private index(document: TextDocument): void {
    this.names.add(document.slot, wordsIn(document, NAME_FIELDS));
    this.others.add(document.slot, wordsIn(document, OTHER_FIELDS));
  }

  private unindex(document: TextDocument): void {
    this.names.remove(document.slot, wordsIn(document, NAME_FIELDS));
    this.others.remove(document.slot, wordsIn(document, OTHER_FIELDS));
  }

  private wordMatchesOf(word: string, scope: TextScope, slotCount: number): SlotBits {
    const key = `${scope}|${word}`;
    const kept = this.wordMatches.get(key);
    if (kept && kept.length * 32 >= slotCount) return kept;
    const matches = bitsFor(slotCount);
    // Members may mistype a long word; an admin's NPI or email one character off is another provider.
    const typos = scope === 'directory' && word.length >= TYPO_TOLERANT_LENGTH && !/\d/.test(word);
    this.names.mark(matches, word, typos);
    if (scope === 'admin') this.others.mark(matches, word);
    this.wordMatches.set(key, matches);
    return matches;
  }
}
