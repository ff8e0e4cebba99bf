import { DIRECTORY_DEFAULT_RADIUS_MILES, type DirectorySort } from './constants';

/** Where a member searches from: a ZIP code (`near`), or the browser's position rounded to 2 decimals (`lat`, `lng`). */
export interface PlaceQuery {
  near?: string;
  lat?: number;
  lng?: number;
}

/** Whether a query names a place to measure from. */
export const hasPlace = (query: PlaceQuery): boolean => query.near !== undefined || query.lat !== undefined;

/** The order a directory search is listed in: the one asked for, else nearest first near a place and by rating elsewhere. */
export const directorySortOf = (search: PlaceQuery & { sort?: DirectorySort }): DirectorySort => search.sort ?? (hasPlace(search) ? 'distance' : 'rating');

/** The radius of a directory search near a place, in miles. */
export const directoryRadiusOf = (search: { radius?: number }): number => search.radius ?? DIRECTORY_DEFAULT_RADIUS_MILES;
