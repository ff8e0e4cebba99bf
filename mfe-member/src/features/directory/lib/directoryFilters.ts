import { AREAS_OF_INTEREST, DIRECTORY_MAX_PAGE, DIRECTORY_SORTS, US_STATE_CODES, type AreaOfInterest, type DirectorySort } from '@altmed/contracts/web';

/** The directory's search as the page holds it; the URL's query string is where it lives, so a search can be shared and Back restores it. */
export interface DirectoryFilters {
  q: string;
  areas: AreaOfInterest[];
  state: string;
  city: string;
  sort: DirectorySort;
  page: number;
  saved: boolean;
}

export const DEFAULT_FILTERS: DirectoryFilters = { q: '', areas: [], state: '', city: '', sort: 'rating', page: 1, saved: false };

const isArea = (value: string): value is AreaOfInterest => (AREAS_OF_INTEREST as readonly string[]).includes(value);
const isSort = (value: string | null): value is DirectorySort => (DIRECTORY_SORTS as readonly (string | null)[]).includes(value);

/** Reads a URL's query string, leaving out what the API would refuse (a link someone edited by hand still opens a search). */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const sort = params.get('sort');
  const state = params.get('state') ?? '';
  const page = Number(params.get('page') ?? '1');
  const areas = params.getAll('areas').flatMap((value) => value.split(','));
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    areas: [...new Set(areas.filter(isArea))],
    state: (US_STATE_CODES as readonly string[]).includes(state) ? state : '',
    city: (params.get('city') ?? '').slice(0, 100),
    sort: isSort(sort) ? sort : DEFAULT_FILTERS.sort,
    page: Number.isInteger(page) && page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
    saved: params.get('saved') === 'true',
  };
}

/** The query string of a search, without the defaults: the page's URL and the API call. */
export function paramsFromFilters(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  const city = filters.city.trim();
  if (q) params.set('q', q);
  for (const area of filters.areas) params.append('areas', area);
  if (filters.state) params.set('state', filters.state);
  if (city) params.set('city', city);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.saved) params.set('saved', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether anything narrows the search (the empty state offers to clear it). */
export const isFiltered = (filters: DirectoryFilters): boolean =>
  Boolean(filters.q.trim() || filters.areas.length || filters.state || filters.city.trim() || filters.saved);
