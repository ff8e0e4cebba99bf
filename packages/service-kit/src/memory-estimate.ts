/**
 * Rough sizes of what a read model keeps on V8's heap (64-bit, no pointer compression, as Node
 * ships): enough to tell which model grows, not to add up to the heap. The bench that builds a model
 * and measures the heap (svc-providers' `read-models` bench) checks them.
 */

/** An object's header, and each property it holds in the object. */
const OBJECT_HEADER_BYTES = 24;
const PROPERTY_BYTES = 8;
/** A number that is not a small integer (a price, a time in ms, a rating) sits in a box of its own. */
const BOXED_NUMBER_BYTES = 16;
const STRING_HEADER_BYTES = 16;
/** A Map's or Set's cost per entry (its hash table's slots and chain). */
export const MAP_ENTRY_BYTES = 40;

/** A string: its header and its characters (one byte each for Latin-1, two otherwise), rounded to 8. */
export function stringBytes(text: string | undefined): number {
  if (text === undefined) return 0;
  const perCharacter = /[\u0100-\uffff]/.test(text) ? 2 : 1;
  return STRING_HEADER_BYTES + Math.ceil((text.length * perCharacter) / 8) * 8;
}

/** An object of `properties` properties, `boxedNumbers` of them numbers that are not small integers. */
export function objectBytes(properties: number, boxedNumbers = 0): number {
  return OBJECT_HEADER_BYTES + properties * PROPERTY_BYTES + boxedNumbers * BOXED_NUMBER_BYTES;
}

/** A plain value as read from the database (objects, arrays, strings, numbers, dates), walked whole. */
export function approximateBytesOf(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 30 ? 0 : BOXED_NUMBER_BYTES;
  if (value instanceof Date) return objectBytes(1, 1);
  if (Array.isArray(value)) return objectBytes(value.length) + value.reduce((sum: number, item) => sum + approximateBytesOf(item), 0);
  if (value && typeof value === 'object') {
    const properties = Object.values(value as Record<string, unknown>);
    return objectBytes(properties.length) + properties.reduce((sum: number, item) => sum + approximateBytesOf(item), 0);
  }
  return 0;
}
