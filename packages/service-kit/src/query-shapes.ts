import type { IndexDefinition, IndexDirection, IndexOptions } from 'mongoose';

export type SortDirection = 1 | -1;

/**
 * A query as an index sees it. Fields a filter only excludes (`$ne`, `$nin`, `$exists: false`) are
 * left out: no index bounds them usefully, they are checked on the documents the index found.
 */
export interface QueryShape {
  /** The code path that runs the query. */
  name: string;
  /** Fields matched by value (`field: value`, or `$in` a list of values). */
  equality: string[];
  sort?: Record<string, SortDirection>;
  /** Fields bounded by `$gt`, `$gte`, `$lt` or `$lte`. */
  range?: string[];
}

/** An index as `schema.indexes()` lists it. */
export type IndexSpec = [IndexDefinition, IndexOptions?];

/** MongoDB's own index of every collection. */
const ID_INDEX: IndexSpec = [{ _id: 1 }, { unique: true }];

function orderOf(direction: IndexDirection): SortDirection | undefined {
  if (direction === 1 || direction === 'asc' || direction === 'ascending') return 1;
  if (direction === -1 || direction === 'desc' || direction === 'descending') return -1;
  return undefined;
}

/** The index's leading keys that keep their values in order (a text or geo key ends them). */
function orderedKeysOf(definition: IndexDefinition): [string, SortDirection][] {
  const keys: [string, SortDirection][] = [];
  for (const [field, direction] of Object.entries(definition)) {
    const order = orderOf(direction);
    if (order === undefined) break;
    keys.push([field, order]);
  }
  return keys;
}

const holdsExactly = (keys: [string, SortDirection][], fields: string[]) =>
  keys.length === fields.length && fields.every((field) => keys.some(([key]) => key === field));

/** The keys are the sort's fields in its order, walked forwards or backwards. */
function walksInOrder(keys: [string, SortDirection][], sort: [string, SortDirection][]): boolean {
  const walks = (way: SortDirection) =>
    keys.length === sort.length && sort.every(([field, direction], position) => keys[position]?.[0] === field && keys[position]?.[1] === direction * way);
  return walks(1) || walks(-1);
}

/**
 * Whether the index serves the query by the equality-sort-range rule: its leading keys are the
 * equality fields (in any order), then the sort's fields in order, then the range fields (a range
 * on a sort field is served by that field's place). A unique index whose every field is matched by
 * value finds one document at most, whatever else the query asks.
 */
function serves([definition, options]: IndexSpec, shape: QueryShape): boolean {
  if (options?.unique && Object.keys(definition).every((field) => shape.equality.includes(field))) return true;
  const keys = orderedKeysOf(definition);
  const sort = Object.entries(shape.sort ?? {});
  const range = (shape.range ?? []).filter((field) => !sort.some(([sorted]) => sorted === field));
  const sortStart = shape.equality.length;
  const rangeStart = sortStart + sort.length;
  return (
    holdsExactly(keys.slice(0, sortStart), shape.equality) &&
    walksInOrder(keys.slice(sortStart, rangeStart), sort) &&
    holdsExactly(keys.slice(rangeStart, rangeStart + range.length), range)
  );
}

/** Whether one of the collection's indexes (`schema.indexes()`; the `_id` index is always there) serves the query. */
export function isQueryServed(indexes: readonly IndexSpec[], shape: QueryShape): boolean {
  return [ID_INDEX, ...indexes].some((index) => serves(index, shape));
}

/** The index the rule asks for: equality fields, then the sort, then the range fields. */
function indexServing(shape: QueryShape): Record<string, SortDirection> {
  const index: Record<string, SortDirection> = {};
  for (const field of shape.equality) index[field] = 1;
  Object.assign(index, shape.sort);
  for (const field of shape.range ?? []) index[field] ??= 1;
  return index;
}

/**
 * One line for each query no index serves, naming it and an index that would:
 * `expect(unservedQueryShapes(schema.indexes(), shapes)).toEqual([])`.
 */
export function unservedQueryShapes(indexes: readonly IndexSpec[], shapes: readonly QueryShape[]): string[] {
  return shapes
    .filter((shape) => !isQueryServed(indexes, shape))
    .map((shape) => `${shape.name}: no index serves it; one that would: ${JSON.stringify(indexServing(shape))}`);
}
