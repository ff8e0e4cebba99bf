import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where every service (and the gateway) serves its metrics, in Prometheus' text format. Never routed through the gateway's /api. */
export const METRICS_PATH = '/metrics';

/** What became of a delivered event at a consumer. */
export type ConsumeOutcome = 'handled' | 'retried' | 'dead_lettered';

/** The outcomes after which nothing more comes of a delivery. */
export const FINISHED: readonly ConsumeOutcome[] = ['handled', 'dead_lettered'];

/**
 * How often the event loop's delay is sampled. prom-client samples it every 10 ms, which woke each
 * idle Node process 100 times a second: 0.4 % of a core each, the five Node units 2 % of a core
 * (docs/benchmarks.md, "Quiet when idle").
 */
const EVENT_LOOP_SAMPLE_MS = 1_000;
/** prom-client's event-loop-delay figures (`nodejs_eventloop_lag_<stat>_seconds`), replaced by `eventLoopDelayGauges`. */
const EVENT_LOOP_DELAY_STATS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;
/** The longest resolution a timer takes: prom-client's own sampler, whose figures are replaced, never wakes. */
const NEVER_MS = 2 ** 31 - 1;

/**
 * The event loop's delay since the last scrape, under prom-client's names, sampled every
 * `EVENT_LOOP_SAMPLE_MS`: each sample is the time since the one before, so what is beyond the
 * interval is how late it came (prom-client reports the whole time, which at 10 ms was near enough).
 */
function eventLoopDelayGauges(registry: Registry): void {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  histogram.enable();
  const late = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - EVENT_LOOP_SAMPLE_MS) / 1e3;
  const figures: Record<(typeof EVENT_LOOP_DELAY_STATS)[number], () => number> = {
    min: () => late(histogram.min),
    max: () => late(histogram.max),
    mean: () => late(histogram.mean),
    stddev: () => histogram.stddev / 1e9,
    p50: () => late(histogram.percentile(50)),
    p90: () => late(histogram.percentile(90)),
    p99: () => late(histogram.percentile(99)),
  };
  const gauges: { stat: (typeof EVENT_LOOP_DELAY_STATS)[number]; gauge: Gauge }[] = [];
  // The first gauge a scrape reads sets them all, then starts the next period (as prom-client's do);
  // a period without a sample (scrapes less than a second apart) keeps the last figures.
  const collect = () => {
    if (histogram.count === 0) return;
    for (const { stat, gauge } of gauges) gauge.set(figures[stat]());
    histogram.reset();
  };
  for (const stat of EVENT_LOOP_DELAY_STATS) {
    const name = `nodejs_eventloop_lag_${stat}_seconds`;
    registry.removeSingleMetric(name);
    const help = `The event loop's delay since the last scrape: its ${stat}, in seconds`;
    gauges.push({ stat, gauge: new Gauge({ name, help, registers: [registry], ...(gauges.length === 0 ? { collect } : {}) }) });
  }
}

/** How long a scrape waits for the outbox figures before it answers with the last ones. */
const OUTBOX_READ_TIMEOUT_MS = 2_000;

/** An outbox's figures at the moment of a scrape. */
export interface OutboxFigures {
  pending: number;
  /** Seconds since the oldest pending event was written; 0 when none is pending. */
  oldestAgeSeconds: number;
}

/** What a read model held in memory reports at a scrape. */
export interface ReadModelFigures {
  entries: number;
  /** An estimate from what it holds (strings' lengths, typed arrays' sizes, fixed costs per object); the heap has the exact total. */
  approximateBytes: number;
}

/**
 * One unit's metrics in a registry of its own (two instances in one test process do not mix):
 * request durations by route pattern, events published and consumed by type, the outbox's backlog,
 * and the process's own figures. Labels hold patterns, types and outcomes, never ids or raw paths.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly published: Counter<'type'>;
  private readonly consumed: Counter<'queue' | 'type' | 'outcome'>;
  private readonly jobRuns: Counter<'scheduled_job' | 'outcome'>;
  private readonly outboxSources: (() => Promise<OutboxFigures>)[] = [];
  private readonly readModels = new Map<string, () => ReadModelFigures>();

  constructor(unit: string) {
    this.registry.setDefaultLabels({ unit });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: NEVER_MS });
    eventLoopDelayGauges(this.registry);
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to its answer’s end, by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.published = new Counter({
      name: 'events_published_total',
      help: 'Events the broker confirmed, by type',
      labelNames: ['type'],
      registers: [this.registry],
    });
    this.consumed = new Counter({
      name: 'events_consumed_total',
      help: 'Deliveries a consumer settled, by queue, event type and outcome (handled, retried, dead_lettered)',
      labelNames: ['queue', 'type', 'outcome'],
      registers: [this.registry],
    });
    this.jobRuns = new Counter({
      name: 'scheduled_job_runs_total',
      // Not `job`: Prometheus's own label for the scrape job.
      help: 'Runs of a unit’s scheduled jobs (such as the membership reminders’ sweep), by job and outcome (done, failed)',
      labelNames: ['scheduled_job', 'outcome'],
      registers: [this.registry],
    });
    // One read of the outboxes per scrape, shared by both gauges; a database that does not answer
    // leaves them at their last values (and counts the failure) instead of failing the whole scrape.
    let scrape: Promise<OutboxFigures[]> | undefined;
    const readFailures = new Counter({
      name: 'outbox_figures_read_failures_total',
      help: 'Scrapes whose outbox figures could not be read in time (the gauges kept their last values)',
      registers: [this.registry],
    });
    const figures = () => {
      scrape ??= Promise.race([
        Promise.all(this.outboxSources.map((source) => source())),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), OUTBOX_READ_TIMEOUT_MS).unref()),
      ]).finally(() => setImmediate(() => (scrape = undefined)));
      return scrape;
    };
    const lastKnown = { pending: 0, oldestAgeSeconds: 0 };
    const current = async () => {
      try {
        const all = await figures();
        lastKnown.pending = all.reduce((sum, { pending }) => sum + pending, 0);
        lastKnown.oldestAgeSeconds = Math.max(0, ...all.map(({ oldestAgeSeconds }) => oldestAgeSeconds));
      } catch {
        readFailures.inc();
      }
      return lastKnown;
    };
    new Gauge({
      name: 'outbox_pending_documents',
      help: 'Documents whose events are waiting for the outbox relay',
      registers: [this.registry],
      async collect() {
        this.set((await current()).pending);
      },
    });
    new Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest event waiting in the outbox (0 when none)',
      registers: [this.registry],
      async collect() {
        this.set((await current()).oldestAgeSeconds);
      },
    });
  }

  /** Reports a read model's entries and approximate bytes (`read_model_entries`, `read_model_bytes`), read at each scrape. */
  readModel(name: string, figures: () => ReadModelFigures): void {
    if (this.readModels.size === 0) {
      const models = this.readModels;
      const gauge = (metric: string, help: string, value: (figures: ReadModelFigures) => number) =>
        new Gauge({
          name: metric,
          help,
          labelNames: ['model'],
          registers: [this.registry],
          collect() {
            for (const [model, read] of models) this.set({ model }, value(read()));
          },
        });
      gauge('read_model_entries', 'Entries a read model holds in memory, by model', (read) => read.entries);
      gauge('read_model_bytes', 'Approximate memory a read model holds, by model (an estimate from its contents)', (read) => read.approximateBytes);
    }
    this.readModels.set(name, figures);
  }

  /** Times one request; `route` names its pattern (never its raw path) once the answer has been sent. */
  timeRequest(req: IncomingMessage, res: ServerResponse, route: () => string): void {
    const end = this.requestDuration.startTimer({ method: req.method });
    res.once('finish', () => end({ route: route(), status_code: String(res.statusCode) }));
  }

  /** Times every request of an express app; the route is express's pattern (`/provider-info/:id`), or `unmatched`. */
  requestTimer(): RequestHandler {
    return (req, res, next) => {
      this.timeRequest(req, res, () => (req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : 'unmatched'));
      next();
    };
  }

  /** Serves the registry in Prometheus' text format. */
  handler(): RequestHandler {
    return (_req, res, next) => {
      this.registry.metrics().then((text) => {
        res.type(this.registry.contentType).send(text);
      }, next);
    };
  }

  eventPublished(type: string): void {
    this.published.inc({ type });
  }

  eventConsumed(queue: string, type: string, outcome: ConsumeOutcome): void {
    this.consumed.inc({ queue, type, outcome });
  }

  /**
   * A consumer's series, at 0 from its start: Prometheus' `increase` needs a sample before the first
   * delivery, or the first dead letter after a start would never alert.
   */
  consumerRegistered(queue: string, types: readonly string[]): void {
    for (const type of types) for (const outcome of ['handled', 'retried', 'dead_lettered'] as const) this.consumed.inc({ queue, type, outcome }, 0);
  }

  /** Adds an outbox to the backlog figures, read at each scrape. */
  watchOutbox(figures: () => Promise<OutboxFigures>): void {
    this.outboxSources.push(figures);
  }

  /** Events of `type` the broker has confirmed so far. */
  async eventsPublished(type: string): Promise<number> {
    const { values } = await this.published.get();
    return values.filter(({ labels }) => labels.type === type).reduce((sum, { value }) => sum + value, 0);
  }

  jobRan(job: string, outcome: 'done' | 'failed'): void {
    this.jobRuns.inc({ scheduled_job: job, outcome });
  }

  /** Finished runs of a scheduled job so far: what a test waits on to know a sweep has happened since. */
  async runsOf(job: string): Promise<number> {
    const { values } = await this.jobRuns.get();
    return values.filter(({ labels }) => labels.scheduled_job === job).reduce((sum, { value }) => sum + value, 0);
  }

  /** Documents whose events wait for the outbox relay, now. */
  async outboxPending(): Promise<number> {
    return (await Promise.all(this.outboxSources.map((source) => source()))).reduce((sum, { pending }) => sum + pending, 0);
  }

  /**
   * Deliveries of `type` at `queue` so far with one of these outcomes. By default the finished ones
   * (handled or dead-lettered): a retried delivery comes back. What a test waits on instead of a sleep.
   */
  async deliveries(queue: string, type: string, outcomes: readonly ConsumeOutcome[] = FINISHED): Promise<number> {
    const { values } = await this.consumed.get();
    return values
      .filter(({ labels }) => labels.queue === queue && labels.type === type && outcomes.includes(labels.outcome as ConsumeOutcome))
      .reduce((sum, { value }) => sum + value, 0);
  }
}
