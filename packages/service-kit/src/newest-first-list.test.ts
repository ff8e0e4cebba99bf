import { NewestFirstList } from './newest-first-list';

describe('a newest-first list', () => {
  it('holds a list longer than a call’s arguments may be (past 125,000 entries), newest first', () => {
    const entries = Array.from({ length: 200_000 }, (_, n) => ({ id: `m${n}`, createdAt: n % 1_000 }));
    const list = NewestFirstList.of(entries);
    expect(list.size).toBe(200_000);
    expect(list.values()[0]!.createdAt).toBe(999);
    expect(list.values().at(-1)!.createdAt).toBe(0);
  });
});
