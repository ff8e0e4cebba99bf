import type { Logger } from './logger';
import type { ServiceMetrics } from './metrics';

export interface ScheduledJobOptions {
  /** The `scheduled_job` label of its runs in `scheduled_job_runs_total` (and the ScheduledJobFailing alert). */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  metrics: ServiceMetrics;
  logger: Logger;
}

/**
 * Runs a job every `intervalMs`, never two runs at once (a tick during a run is skipped), counting
 * each finished run as done or failed; a failed run is logged and the next tick tries again. Answers
 * the stop. One run at a time also means a run that starts after a moment sees everything done before
 * it: a test waits for two more finished runs (`ServiceMetrics.runsOf`) to know that.
 */
export function scheduleJob({ name, intervalMs, run, metrics, logger }: ScheduledJobOptions): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .then(
        () => metrics.jobRan(name, 'done'),
        (err: unknown) => {
          metrics.jobRan(name, 'failed');
          logger.warn({ scheduled_job: name, err: String(err) }, `${name} did not run; trying again at the next run`);
        },
      )
      .finally(() => (running = false));
  }, intervalMs).unref();
  return () => clearInterval(timer);
}
