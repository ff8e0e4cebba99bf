import { weekKeyOf, type DirectorySearch } from '@altmed/contracts';
import { scheduleJob, type Logger, type ServiceMetrics } from '@altmed/service-kit';
import { addToTallies, tallyIdOf, type TallyKind, type WeeklyTallyModel } from './weekly-tally.model';

type Pending = Map<string, { week: string; kind: TallyKind; term: string; count: number }>;

/** The `scheduled_job` of the flushes: a test waits on its runs to know a search has been written. */
export const SEARCH_TALLY_JOB = 'search-tallies';

/**
 * The directory's searches counted by specialty area and place. A search is counted in memory and
 * the counts are added to the week's tallies every `flushIntervalMs` (and at stop) in one write, so a search
 * costs no write of its own. Only a first page is a search (the next pages are the same one), and a
 * place counts only when the search found a provider: what a client can type does not grow the tallies.
 */
export class SearchTally {
  private pending: Pending = new Map();
  private readonly stopFlushing: () => void;
  private readonly logger: Logger;

  constructor(
    private readonly tallies: WeeklyTallyModel,
    { logger, metrics, flushIntervalMs }: { logger: Logger; metrics: ServiceMetrics; flushIntervalMs: number },
    private readonly now = () => Date.now(),
  ) {
    this.logger = logger;
    this.stopFlushing = scheduleJob({ name: SEARCH_TALLY_JOB, intervalMs: flushIntervalMs, run: () => this.flush(), metrics, logger });
  }

  record(search: DirectorySearch, found: number): void {
    if (search.page !== 1 || search.saved) return;
    const week = weekKeyOf(this.now());
    for (const area of search.areas ?? []) this.add(week, 'search.area', area);
    const place = search.city && search.state ? `${titleCase(search.city)}, ${search.state}` : search.state;
    if (place && found > 0) this.add(week, 'search.place', place);
  }

  /** Adds what was counted to the tallies; a failed write keeps the counts for the next flush (and fails the run). */
  async flush(): Promise<void> {
    const counts = this.pending;
    this.pending = new Map();
    try {
      await addToTallies(this.tallies, counts);
    } catch (err) {
      for (const [id, count] of counts) this.addCount(id, count);
      throw err;
    }
  }

  async stop(): Promise<void> {
    this.stopFlushing();
    await this.flush().catch((err: unknown) => this.logger.warn({ err: String(err) }, 'search tallies not written at stop'));
  }

  private add(week: string, kind: TallyKind, term: string): void {
    this.addCount(tallyIdOf(week, kind, term), { week, kind, term, count: 1 });
  }

  private addCount(id: string, { week, kind, term, count }: { week: string; kind: TallyKind; term: string; count: number }): void {
    const current = this.pending.get(id);
    if (current) current.count += count;
    else this.pending.set(id, { week, kind, term, count });
  }
}

/** One spelling per place, whatever the case and spacing typed: "santa  FE" is "Santa Fe". */
const titleCase = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s-])\p{L}/gu, (letter) => letter.toUpperCase());
