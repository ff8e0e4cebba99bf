import { MOST_SEARCHED_LISTED, ReviewMessages, WEEKS_CHARTED, chartedWeeks, type ProviderFiguresResponse } from '@altmed/contracts';
import type { ModerationQueue } from '../reviews/moderation-queue';
import type { ProviderSearch } from '../search/provider-search';
import type { WeeklyTallyDocument, WeeklyTallyModel } from './weekly-tally.model';

export interface FiguresDeps {
  search: ProviderSearch;
  moderation: ModerationQueue;
  tallies: WeeklyTallyModel;
}

/** Providers and reviews waiting (the search index's and the moderation queue's counts), and the charted weeks' tallies. */
export async function providerFigures(deps: FiguresDeps, now = Date.now()): Promise<ProviderFiguresResponse> {
  await deps.moderation.kept.whenRead(ReviewMessages.listLoading);
  const weeks = chartedWeeks(now, WEEKS_CHARTED);
  const tallies = await deps.tallies
    .find({ week: { $in: weeks } })
    .select({ week: 1, kind: 1, term: 1, count: 1 })
    .lean<WeeklyTallyDocument[]>();
  const byWeek = new Map(weeks.map((weekStart) => [weekStart, { weekStart, signedUp: 0, approved: 0, blocked: 0 }]));
  const searches = { 'search.area': new Map<string, number>(), 'search.place': new Map<string, number>() };
  for (const { week, kind, term, count } of tallies) {
    const charted = byWeek.get(week);
    if (!charted) continue;
    if (kind === 'provider.signed_up') charted.signedUp += count;
    else if (kind === 'provider.approved') charted.approved += count;
    else if (kind === 'provider.blocked') charted.blocked += count;
    else searches[kind].set(term, (searches[kind].get(term) ?? 0) + count);
  }
  return {
    providersPending: deps.search.admin({}).stats.pending,
    reviewsPending: deps.moderation.count('pending'),
    weeks: [...byWeek.values()],
    mostSearched: { areas: mostSearched(searches['search.area']), places: mostSearched(searches['search.place']) },
  };
}

function mostSearched(counts: Map<string, number>): { term: string; searches: number }[] {
  return [...counts.entries()]
    .map(([term, searches]) => ({ term, searches }))
    .sort((a, b) => b.searches - a.searches || a.term.localeCompare(b.term))
    .slice(0, MOST_SEARCHED_LISTED);
}
