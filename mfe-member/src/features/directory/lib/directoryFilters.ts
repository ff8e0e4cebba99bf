import {
  AREAS_OF_INTEREST,
  DIRECTORY_DEFAULT_RADIUS_MILES,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_RADII_MILES,
  DIRECTORY_SORTS,
  directorySortOf,
  hasPlace,
  US_STATE_CODES,
  type AreaOfInterest,
  type DirectoryRadius,
  type DirectorySort,
} from '@altmed/contracts/web';
import { appendPlace, placeFromParams, type SearchPlace } from '../../../lib/searchPlace';

/** The directory's search as the page holds it; the URL's query string is where it lives, so a search can be shared and Back restores it. */
export interface DirectoryFilters {
  q: string;
  areas: AreaOfInterest[];
  state: string;
  city: string;
  /** The order chosen; none for the default (nearest first near a place, best rated elsewhere). */
  sort?: DirectorySort;
  page: number;
  saved: boolean;
  /** The ZIP code searched near, as typed ('' for none). */
  near: string;
  /** The member's position, rounded to 2 decimals, when the search is near it (then `near` is ''). */
  lat?: number;
  lng?: number;
  /** Miles around the place; sent only with one. */
  radius: DirectoryRadius;
}

export const DEFAULT_FILTERS: DirectoryFilters = {
  q: '',
  areas: [],
  state: '',
  city: '',
  page: 1,
  saved: false,
  near: '',
  radius: DIRECTORY_DEFAULT_RADIUS_MILES,
};

const isArea = (value: string): value is AreaOfInterest => (AREAS_OF_INTEREST as readonly string[]).includes(value);
const isSort = (value: string | null): value is DirectorySort => (DIRECTORY_SORTS as readonly (string | null)[]).includes(value);
const radiusOf = (value: string | null): DirectoryRadius => DIRECTORY_RADII_MILES.find((miles) => String(miles) === value) ?? DIRECTORY_DEFAULT_RADIUS_MILES;

/** The place a search is near, as the API takes it: the ZIP code, or the position, or none. */
export function placeOf(filters: DirectoryFilters): SearchPlace {
  if (filters.near) return { near: filters.near };
  return filters.lat !== undefined && filters.lng !== undefined ? { lat: filters.lat, lng: filters.lng } : {};
}

/** Whether the search is near the member's position (not a ZIP code). */
export const isNearPosition = (filters: DirectoryFilters): boolean => !filters.near && filters.lat !== undefined;

/** The order the results are listed in: the one chosen, or the default for the place. */
export const sortOf = (filters: DirectoryFilters): DirectorySort => directorySortOf({ ...placeOf(filters), sort: filters.sort });

/** The sort to keep for a choice: none when it is the default for the place (so the default follows the place). */
export function chosenSort(filters: DirectoryFilters, sort: DirectorySort): DirectorySort | undefined {
  return sort === directorySortOf(placeOf(filters)) ? undefined : sort;
}

/** Reads a URL's query string, leaving out what the API would refuse (a link someone edited by hand still opens a search). */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const sort = params.get('sort');
  const state = params.get('state') ?? '';
  const page = Number(params.get('page') ?? '1');
  const areas = params.getAll('areas').flatMap((value) => value.split(','));
  const place = placeFromParams(params);
  const filters: DirectoryFilters = {
    q: (params.get('q') ?? '').slice(0, 100),
    areas: [...new Set(areas.filter(isArea))],
    state: (US_STATE_CODES as readonly string[]).includes(state) ? state : '',
    city: (params.get('city') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
    saved: params.get('saved') === 'true',
    near: place.near ?? '',
    ...(place.lat === undefined ? {} : { lat: place.lat, lng: place.lng }),
    radius: radiusOf(params.get('radius')),
  };
  // Nearest first needs a place; it is the default with one.
  return isSort(sort) && (sort !== 'distance' || hasPlace(place)) ? { ...filters, sort: chosenSort(filters, sort) } : filters;
}

/** The query string of a search, without the defaults (but with the radius of a place): the page's URL and the API call. */
export function paramsFromFilters(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  const city = filters.city.trim();
  const place = placeOf(filters);
  if (q) params.set('q', q);
  for (const area of filters.areas) params.append('areas', area);
  if (filters.state) params.set('state', filters.state);
  if (city) params.set('city', city);
  appendPlace(params, place);
  if (hasPlace(place)) params.set('radius', String(filters.radius));
  if (filters.sort && filters.sort !== directorySortOf(place) && (filters.sort !== 'distance' || hasPlace(place))) params.set('sort', filters.sort);
  if (filters.saved) params.set('saved', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether anything narrows the search (the empty state offers to clear it). */
export const isFiltered = (filters: DirectoryFilters): boolean =>
  Boolean(filters.q.trim() || filters.areas.length || filters.state || filters.city.trim() || filters.saved || hasPlace(placeOf(filters)));
