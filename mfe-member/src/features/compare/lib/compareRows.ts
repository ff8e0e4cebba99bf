import { COMPARE_MAX_PROVIDERS, type CompareProvider, type CompareResponse } from '@altmed/contracts/web';
import { formatRating, reviewCount } from '../../../lib/ratings';
import { milesAmount } from '../../../lib/searchPlace';
import { CompareRowLabels } from './compareTexts';

/** One provider's value in a row: a list, a rating with its review count, or a text (muted when it says nothing is known). */
export type CompareCell =
  { kind: 'list'; items: string[] } | { kind: 'rating'; rating: number; reviews: number } | { kind: 'text'; text: string; muted?: boolean };

export interface CompareRow {
  key: keyof typeof CompareRowLabels;
  label: string;
  cells: CompareCell[];
  /** The providers' values are not all the same. */
  differs: boolean;
}

export const CellTexts = {
  noneListed: 'None listed',
  notProvided: 'Not provided',
  noReviews: 'No reviews yet',
  enterZip: 'Enter your ZIP code',
  unknownDistance: 'Unknown',
} as const;

const list = (items: readonly string[]): CompareCell =>
  items.length > 0 ? { kind: 'list', items: [...items] } : { kind: 'text', text: CellTexts.noneListed, muted: true };

const rating = (average: number, reviews: number): CompareCell =>
  reviews > 0 ? { kind: 'rating', rating: average, reviews } : { kind: 'text', text: CellTexts.noReviews, muted: true };

export const formatMiles = (miles: number): string => `${milesAmount(miles)} ${miles === 1 ? 'mile' : 'miles'}`;

function distance(provider: CompareProvider, origin: CompareResponse['origin']): CompareCell {
  if (!origin) return { kind: 'text', text: CellTexts.enterZip, muted: true };
  if (provider.distanceMiles === null) return { kind: 'text', text: CellTexts.unknownDistance, muted: true };
  return { kind: 'text', text: formatMiles(provider.distanceMiles) };
}

/** What makes two cells the same: lists regardless of order and case, ratings as shown. */
function sameness(cell: CompareCell): string {
  switch (cell.kind) {
    case 'list':
      return cell.items
        .map((item) => item.trim().toLowerCase())
        .sort()
        .join('\u0000');
    case 'rating':
      return `${formatRating(cell.rating)}|${cell.reviews}`;
    case 'text':
      return cell.text;
  }
}

/** A cell as a sentence, for the rating's visible text ("4.5 · 3 reviews"). */
export const ratingText = (cell: Extract<CompareCell, { kind: 'rating' }>): string => `${formatRating(cell.rating)} · ${reviewCount(cell.reviews)}`;

/** The rows of the comparison, top to bottom, each marked when its values differ. */
export function compareRows({ providers, origin }: CompareResponse): CompareRow[] {
  const rows: Omit<CompareRow, 'label' | 'differs'>[] = [
    { key: 'specialties', cells: providers.map((provider) => list(provider.specialties)) },
    { key: 'licenseStates', cells: providers.map((provider) => list(provider.licenseStates)) },
    { key: 'boardCertifications', cells: providers.map((provider) => list(provider.boardCertifications)) },
    { key: 'education', cells: providers.map((provider) => list(provider.educationAndTraining)) },
    {
      key: 'yearsLicensed',
      cells: providers.map((provider): CompareCell =>
        provider.yearsSinceFirstLicense === null
          ? { kind: 'text', text: CellTexts.notProvided, muted: true }
          : { kind: 'text', text: `${provider.yearsSinceFirstLicense} ${provider.yearsSinceFirstLicense === 1 ? 'year' : 'years'}` },
      ),
    },
    { key: 'satisfaction', cells: providers.map((provider) => rating(provider.averageSatisfactionRating, provider.totalReviews)) },
    { key: 'efficacy', cells: providers.map((provider) => rating(provider.averageEfficacyRating, provider.totalReviews)) },
    { key: 'distance', cells: providers.map((provider) => distance(provider, origin)) },
  ];
  return rows.map((row) => ({ ...row, label: CompareRowLabels[row.key], differs: new Set(row.cells.map(sameness)).size > 1 }));
}

/** The ids of a `/compare?ids=` address: UUIDs only, each once, in order (a hand-edited link still opens). */
export function idsFromParam(value: string | null): string[] {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => uuid.test(id));
  return [...new Set(ids)].slice(0, COMPARE_MAX_PROVIDERS);
}
