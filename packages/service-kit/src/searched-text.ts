import type { ListedEntry, NewestFirstList } from './newest-first-list';

/** Between two entries' texts in the joined text; no search word holds it (words are split on white space, and one that holds it is searched entry by entry). */
const SEPARATOR = '\u0000';

/**
 * The searched texts of a `NewestFirstList`'s entries joined into one string in the list's order,
 * built again on the second search after a change: a search runs V8's string search once over the
 * whole text (skipping ahead by the word's length) instead of a substring test per entry, and meets
 * only the entries that hold its longest word.
 */
export class SearchedText<E extends ListedEntry> {
  private text = '';
  /** Where each entry's text starts in `text`, in the list's order; one more at the end. */
  private starts = new Int32Array(1);
  private builtFrom = -1;
  /** The list's version when a search last found the text stale. */
  private searchedStale = -1;

  constructor(
    private readonly list: NewestFirstList<E>,
    /** The entry's searched text, lowercased (kept on the entry: a match's other words are tested in it). */
    private readonly textOf: (entry: E) => string,
  ) {}

  /** Calls `visit` with every entry whose text holds each of `words` (lowercased, none empty), in the list's order. */
  forEachMatch(words: readonly string[], visit: (entry: E) => void): void {
    const entries = this.list.values();
    if (words.length === 0 || words.some((word) => word.includes(SEPARATOR)) || !this.built()) {
      for (const entry of entries) if (words.every((word) => this.textOf(entry).includes(word))) visit(entry);
      return;
    }
    const lead = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
    const others = words.filter((word) => word !== lead);
    const { text, starts } = this;
    let index = 0;
    let from = 0;
    for (;;) {
      const at = text.indexOf(lead, from);
      if (at < 0) return;
      while (starts[index + 1]! <= at) index += 1;
      const entry = entries[index]!;
      if (others.every((word) => this.textOf(entry).includes(word))) visit(entry);
      index += 1;
      from = starts[index]!;
    }
  }

  /** The joined text's bytes (one per character, or two when a text holds a character past Latin-1) and its offsets'. */
  get approximateBytes(): number {
    return this.text.length * (/[\u0100-\uffff]/.test(this.text) ? 2 : 1) + this.starts.byteLength;
  }

  /**
   * Whether the joined text is current, built now if this is the second search since the list last
   * changed: the first walks the entries (as costly as a build), so a list written between every two
   * searches is never joined in vain; a burst of searches shares one build.
   */
  private built(): boolean {
    const version = this.list.version;
    if (this.builtFrom === version) return true;
    if (this.searchedStale !== version) {
      this.searchedStale = version;
      return false;
    }
    this.build();
    return true;
  }

  private build(): void {
    const entries = this.list.values();
    // One more, empty: the join ends with a separator and stays one flat string (`join(…) + SEPARATOR` would be a rope, copied at the first search).
    const texts = new Array<string>(entries.length + 1).fill('');
    const starts = new Int32Array(entries.length + 1);
    let offset = 0;
    for (let index = 0; index < entries.length; index += 1) {
      const text = this.textOf(entries[index]!);
      texts[index] = text;
      starts[index] = offset;
      offset += text.length + SEPARATOR.length;
    }
    starts[entries.length] = offset;
    this.text = texts.join(SEPARATOR);
    this.starts = starts;
    this.builtFrom = this.list.version;
  }
}
