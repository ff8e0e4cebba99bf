import type { DirectorySort } from '@altmed/contracts/web';

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
  pageOf: (page: number, pages: number) => `Page ${thousands(page)} of ${thousands(pages)}`,
  /** How many providers a filter choice holds, beside it. */
  choiceCount: (count: number) => `(${thousands(count)})`,
  previous: 'Previous',
  next: 'Next',
  results: 'Search results',
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
