import { approximateBytesOf, objectBytes, stringBytes } from './memory-estimate';

describe('memory estimates', () => {
  it('count a string’s characters, two bytes each beyond Latin-1, rounded to 8 after its header', () => {
    expect(stringBytes(undefined)).toBe(0);
    expect(stringBytes('')).toBe(16);
    expect(stringBytes('Dr. Alex Rivera')).toBe(16 + 16);
    expect(stringBytes('Zoë')).toBe(16 + 8);
    expect(stringBytes('Łódź')).toBe(16 + 8);
    expect(stringBytes('Łódź Wellness')).toBe(16 + 32);
  });

  it('count an object’s properties and the boxes of its numbers', () => {
    expect(objectBytes(0)).toBe(24);
    expect(objectBytes(4, 2)).toBe(24 + 32 + 32);
  });

  it('walk a record as read: its objects, arrays, strings, boxed numbers and dates', () => {
    const record = { _id: 'p1', amount: 4999, rate: 0.5, paidAt: new Date(0), member: { name: 'Ada', email: 'ada@example.com' }, tags: ['a'] };
    const expected =
      objectBytes(6) +
      stringBytes('p1') +
      0 +
      16 +
      objectBytes(1, 1) +
      (objectBytes(2) + stringBytes('Ada') + stringBytes('ada@example.com')) +
      (objectBytes(1) + stringBytes('a'));
    expect(approximateBytesOf(record)).toBe(expected);
  });
});
