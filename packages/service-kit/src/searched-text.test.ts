import { NewestFirstList } from './newest-first-list';
import { SearchedText } from './searched-text';

const entry = (id: string, createdAt: number, text: string) => ({ id, createdAt, text });

describe('a searched text', () => {
  it('meets, in the list’s order, the entries holding every word, and follows the list’s changes', () => {
    const list = NewestFirstList.of([
      entry('a', 1, 'ada reyes\nada@example.com'),
      entry('b', 3, 'ben ada\nben@mail.org'),
      entry('c', 2, 'cleo\nc@example.com'),
    ]);
    const text = new SearchedText(list, (each) => each.text);
    const matches = (...words: string[]) => {
      const ids: string[] = [];
      text.forEachMatch(words, (each) => ids.push(each.id));
      return ids;
    };
    expect(matches('ada')).toEqual(['b', 'a']);
    expect(matches('example.com')).toEqual(['c', 'a']);
    expect(matches('ada', 'example')).toEqual(['a']);
    // A word is never found across two entries' texts.
    expect(matches('org\u0000cleo')).toEqual([]);
    expect(matches('com', 'ben')).toEqual([]);
    expect(matches()).toEqual(['b', 'c', 'a']);

    list.upsert(entry('d', 4, 'dev ada\nd@example.com'));
    list.remove('a');
    expect(matches('ada')).toEqual(['d', 'b']);
    expect(list.countCreatedAfter(2)).toBe(2);
    expect(list.countCreatedAfter(2, true)).toBe(3);
  });
});
