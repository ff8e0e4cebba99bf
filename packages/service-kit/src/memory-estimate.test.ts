import { objectBytes, stringBytes } from './memory-estimate';

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
});
