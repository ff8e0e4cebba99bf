import { FINISHED, type ConsumeOutcome, type ServiceMetrics } from '@altmed/service-kit';
import { eventually } from '../net';

/** The counts the waits read: a running service's `ServiceMetrics`, or what a service process serves at `/metrics` (`metricsAt`). */
export type MetricsReader = Pick<ServiceMetrics, 'deliveries' | 'eventsPublished' | 'outboxPending'>;

/** A running service, or a handle that holds one: its metrics are what these waits read. */
type Measured = { metrics: MetricsReader } | { service: { metrics: MetricsReader } };
const metricsOf = (unit: Measured) => ('metrics' in unit ? unit.metrics : unit.service.metrics);

/**
 * Deliveries of `type` at `queue` that the instances together have finished (handled or
 * dead-lettered; by default) or that ended with one of `outcomes`. Cumulative per instance: read it
 * before publishing to an instance that tests share.
 */
export async function deliveriesDone(units: Measured | Measured[], queue: string, type: string, outcomes?: ConsumeOutcome[]): Promise<number> {
  let total = 0;
  for (const unit of [units].flat()) total += await metricsOf(unit).deliveries(queue, type, outcomes);
  return total;
}

async function waitForDeliveries(
  units: Measured | Measured[],
  queue: string,
  type: string,
  count: number,
  outcomes: ConsumeOutcome[] | undefined,
  timeoutMs: number,
) {
  await eventually(
    async () => (await deliveriesDone(units, queue, type, outcomes)) >= count,
    timeoutMs,
    `${queue} did not reach ${count} ${outcomes ? outcomes.join(' or ') : 'finished'} ${type} deliveries within ${timeoutMs / 1000} s`,
    50,
  );
}

/**
 * Waits until the consumers at `queue` (of all the instances together) have finished `count`
 * deliveries of `type` in all: each handled or dead-lettered, none waiting for a retry. After it,
 * "nothing more came of them" is a fact, not a hope that a sleep was long enough.
 */
export function waitForDeliveriesDone(units: Measured | Measured[], queue: string, type: string, count: number, timeoutMs = 20_000): Promise<void> {
  return waitForDeliveries(units, queue, type, count, undefined, timeoutMs);
}

/** Waits until the consumers at `queue` have sent `count` deliveries of `type` to be retried (a handler has really failed). */
export function waitForRetries(units: Measured | Measured[], queue: string, type: string, count: number, timeoutMs = 20_000): Promise<void> {
  return waitForDeliveries(units, queue, type, count, ['retried'], timeoutMs);
}

/** Waits until the service's outbox holds no pending event: everything it wrote has been published. */
export async function waitForOutboxDrained(unit: Measured, timeoutMs = 20_000): Promise<void> {
  await eventually(async () => (await metricsOf(unit).outboxPending()) === 0, timeoutMs, `the outbox was not drained within ${timeoutMs / 1000} s`, 50);
}

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one metric in Prometheus' text format. */
export function samplesOf(text: string, name: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (match?.[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, label, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label!] = value!.replace(/\\(.)/g, (_escape, character: string) => (character === 'n' ? '\n' : character));
    }
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample of `name` whose labels include `labels` (in any order), or undefined. */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  return samplesOf(text, name).find((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

const sum = (samples: Sample[]) => samples.reduce((total, { value }) => total + value, 0);

/**
 * The metrics of a service in a process of its own (`startServiceProcess`, the e2e system), read
 * from its `/metrics` at every call, for the waits above. Name a queue without the `.test-<id>`
 * suffix such a process gives its queues. The counts start from zero whenever the process does.
 */
export function metricsAt(url: string): { metrics: MetricsReader } {
  const scrape = async (name: string) => {
    const response = await fetch(`${url.replace(/\/$/, '')}/metrics`);
    if (!response.ok) throw new Error(`${url}/metrics answered ${response.status}`);
    return samplesOf(await response.text(), name);
  };
  return {
    metrics: {
      eventsPublished: async (type) => sum((await scrape('events_published_total')).filter(({ labels }) => labels.type === type)),
      deliveries: async (queue, type, outcomes = FINISHED) =>
        sum(
          (await scrape('events_consumed_total')).filter(
            ({ labels }) =>
              labels.type === type &&
              outcomes.includes(labels.outcome as ConsumeOutcome) &&
              (labels.queue === queue || labels.queue?.startsWith(`${queue}.test-`)),
          ),
        ),
      outboxPending: async () => sum(await scrape('outbox_pending_documents')),
    },
  };
}
