import type { DirectorySort } from '@altmed/contracts/web';
import type { LocationStatus } from '../hooks/useCurrentPosition';

/** 86000 → "86,000". */
const thousands = (count: number) => count.toLocaleString('en-US');

export const DirectoryTexts = {
  title: 'Find a provider',
  subtitle: 'Search vetted practitioners by name, area of interest and location.',
  searchLabel: 'Name, practice or area of interest',
  searchPlaceholder: 'e.g. Patel, acupuncture, nutrition',
  search: 'Search',
  areas: 'Areas of interest',
  state: 'State',
  anyState: 'Any state',
  city: 'City',
  sortBy: 'Sort by',
  savedOnly: 'Only my saved providers',
  filters: 'Filters',
  showFilters: (chosen: number) => (chosen > 0 ? `Filters and sorting (${chosen} chosen)` : 'Filters and sorting'),
  hideFilters: 'Hide filters',
  clear: 'Clear filters',
  loading: 'Finding providers...',
  errorTitle: 'We could not load providers',
  errorMessage: 'Something went wrong while searching. Please try again.',
  tryAgain: 'Try again',
  emptyTitle: 'No providers match your search',
  emptyMessage: 'Try fewer filters, another city, or the start of a name.',
  matches: (total: number) => `${thousands(total)} ${total === 1 ? 'provider matches' : 'providers match'} your search`,
  /** "12 providers match within 25 miles of 78704" (or "of your location"). */
  matchesNear: (total: number, radius: number, place: string) =>
    `${thousands(total)} ${total === 1 ? 'provider matches' : 'providers match'} within ${radius} miles of ${place}`,
  /** Providers that match everything but have no known practice ZIP code, so no distance. */
  leftOut: (count: number) =>
    count === 1
      ? 'One more provider matches but has no known location, so it is not listed.'
      : `${thousands(count)} more providers match but have no known location, so they are not listed.`,
  emptyMessageNear: 'Try a larger radius, fewer filters, or another ZIP code.',
  placeRefusedTitle: 'Check the ZIP code',
  placeRefusedMessage: 'Correct it beside the search, or empty it to search everywhere.',
  near: 'Near',
  zip: 'ZIP code',
  zipPlaceholder: 'e.g. 78704',
  radius: 'Within',
  radiusOption: (miles: number) => `${miles} miles`,
  yourLocation: 'your location',
  searchingNear: 'Searching near',
  nearYourLocation: 'Your location',
  useZipInstead: 'Use a ZIP code instead',
  useMyLocation: 'Use my location',
  /** Said beside the location button while and after the browser is asked for the position. */
  locationStatus: {
    idle: '',
    locating: 'Finding your location…',
    denied: 'Your browser did not share your location. Enter a ZIP code instead.',
    timeout: 'Finding your location took too long. Try again, or enter a ZIP code.',
    unavailable: 'Your location could not be found. Enter a ZIP code instead.',
    unsupported: 'This browser cannot share your location. Enter a ZIP code instead.',
  } satisfies Record<LocationStatus, string>,
  pageOf: (page: number, pages: number) => `Page ${thousands(page)} of ${thousands(pages)}`,
  /** How many providers a filter choice holds, beside it. */
  choiceCount: (count: number) => `(${thousands(count)})`,
  previous: 'Previous',
  next: 'Next',
  results: 'Search results',
  showMap: 'Show map',
  hideMap: 'Hide map',
  map: 'Map of this page’s providers',
  mapLoading: 'Loading the map...',
  mapFailed: 'The map could not be loaded. The list below has every provider.',
  tilesFailed: 'The map’s background could not be loaded; the markers still show where the providers are.',
  /** Providers of the page without a known practice ZIP code: in the list, not on the map. */
  notOnMap: (count: number) =>
    count === 1
      ? 'One provider on this page has no known location and is not on the map.'
      : `${count} providers on this page have no known location and are not on the map.`,
  /** A marker's name: the providers there. */
  mapSpot: (names: readonly string[]) => names.join(', '),
  noReviews: 'No reviews yet',
  verifiedOn: (date: string) => `Verified on ${date}`,
  viewProfile: (name: string) => `View ${name}'s profile`,
  previewTitle: (total: number) => `${thousands(total)} vetted ${total === 1 ? 'provider matches' : 'providers match'} your search`,
  previewMessage: 'Members see every profile, read reviews from other members and compare providers side by side.',
  join: 'Join to see them',
  logIn: 'Log in',
  previewLogInHint: 'Already a member?',
} as const;

export const SORT_LABELS: Record<DirectorySort, string> = {
  rating: 'Best rated',
  reviews: 'Most reviewed',
  name: 'Name (A–Z)',
  distance: 'Nearest first',
};
