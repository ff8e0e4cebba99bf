import type { ServiceMetrics } from '@altmed/service-kit';
import { eventually } from '../net';

/** A running service, or a handle that holds one: its metrics are what these waits read. */
type Measured = { metrics: ServiceMetrics } | { service: { metrics: ServiceMetrics } };
const metricsOf = (unit: Measured) => ('metrics' in unit ? unit.metrics : unit.service.metrics);

/**
 * Waits until the service's consumer at `queue` has settled `count` deliveries of `type` in all
 * (handled, retried or dead-lettered): after it, "nothing more happened" is a fact, not a hope that
 * a sleep was long enough.
 */
export async function waitForSettledEvents(unit: Measured, queue: string, type: string, count: number, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () => (await metricsOf(unit).eventsSettled(queue, type)) >= count,
    timeoutMs,
    `${queue} did not settle ${count} ${type} deliveries within ${timeoutMs / 1000} s`,
    50,
  );
}

/** Waits until the service's outbox holds no pending event: everything it wrote has been published. */
export async function waitForOutboxDrained(unit: Measured, timeoutMs = 20_000): Promise<void> {
  await eventually(async () => (await metricsOf(unit).outboxPending()) === 0, timeoutMs, `the outbox was not drained within ${timeoutMs / 1000} s`, 50);
}
