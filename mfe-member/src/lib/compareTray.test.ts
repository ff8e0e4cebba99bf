import { addPick, clearPicks, comparePath, compareStorageKey, parsePicks, readPicks, removePick } from './compareTray';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeEach(() => localStorage.clear());

describe('compare tray store', () => {
  it('keeps up to four picks of an account in localStorage, each once, in the order picked', () => {
    for (const n of [1, 2, 3, 4]) expect(addPick('u1', { id: id(n), name: `Dr. ${n}` })).toBe(true);
    expect(addPick('u1', { id: id(2), name: 'Dr. 2' })).toBe(true);
    expect(addPick('u1', { id: id(5), name: 'Dr. 5' })).toBe(false);
    expect(readPicks('u1').map((pick) => pick.id)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(JSON.parse(localStorage.getItem(compareStorageKey('u1'))!)).toHaveLength(4);

    removePick('u1', id(2));
    expect(readPicks('u1').map((pick) => pick.name)).toEqual(['Dr. 1', 'Dr. 3', 'Dr. 4']);
    // The same array while nothing changed (useSyncExternalStore compares snapshots).
    expect(readPicks('u1')).toBe(readPicks('u1'));
    clearPicks('u1');
    expect(readPicks('u1')).toEqual([]);
    expect(localStorage.getItem(compareStorageKey('u1'))).toBeNull();
  });

  it('keeps each account’s picks to that account, and none without one', () => {
    addPick('u1', { id: id(1), name: 'Dr. 1' });
    expect(readPicks('u2')).toEqual([]);
    expect(readPicks('')).toEqual([]);
    expect(addPick('', { id: id(2), name: 'Dr. 2' })).toBe(false);
    expect(readPicks('u1').map((pick) => pick.id)).toEqual([id(1)]);
  });

  it('reads a stored value defensively', () => {
    expect(parsePicks(null)).toEqual([]);
    expect(parsePicks('not json')).toEqual([]);
    expect(parsePicks('{"id":"x"}')).toEqual([]);
    const stored = JSON.stringify([
      { id: id(1), name: 'A' },
      { id: id(1), name: 'again' },
      { id: 'nope' },
      null,
      { id: id(2) },
      ...[3, 4, 5].map((n) => ({ id: id(n), name: 'X' })),
    ]);
    expect(parsePicks(stored)).toEqual([
      { id: id(1), name: 'A' },
      { id: id(2), name: '' },
      { id: id(3), name: 'X' },
      { id: id(4), name: 'X' },
    ]);
  });

  it('makes the address of a comparison', () => {
    expect(comparePath([id(1), id(2)])).toBe(`/compare?ids=${id(1)},${id(2)}`);
    expect(comparePath([id(1), id(2)], '78701')).toBe(`/compare?ids=${id(1)},${id(2)}&zip=78701`);
  });
});
