import path from 'node:path';
import type { MarketplacePorts } from '../marketplace';
import { startJaeger, type JaegerPorts, type RunningJaeger } from './jaeger';
import { alertRulesFile } from './monitoring-queries';
import { startPrometheus, type RunningPrometheus } from './prometheus';

/** Where a site's Jaeger and Prometheus keep their data and logs (`npm start`'s in .data, the bench's beside them). */
export interface SiteMonitoringOptions {
  dataDir: string;
  logsDir: string;
  /** Put before the directories' and log files' names (`bench-`), so two sites never share them. */
  prefix?: string;
  log: (message: string) => void;
}

/** Jaeger beside a site, as `npm start` runs it; undefined, and said, when it does not start (the site runs without it). */
export async function startSiteJaeger(ports: JaegerPorts, { dataDir, logsDir, prefix = '', log }: SiteMonitoringOptions): Promise<RunningJaeger | undefined> {
  try {
    return await startJaeger({ ports, dataDir: path.join(dataDir, `${prefix}jaeger`), logFile: path.join(logsDir, `${prefix}jaeger.log`), log });
  } catch (error) {
    log(`Jaeger did not start (the site runs without a trace viewer): ${(error as Error).message}`);
    return undefined;
  }
}

/** What every unit of `npm start`'s site is given to send its spans to its Jaeger: every trace kept, sent every second. */
export function tracingEnvOf(jaeger: RunningJaeger | undefined): Record<string, string> {
  return jaeger ? { OTEL_EXPORTER_OTLP_ENDPOINT: jaeger.otlpEndpoint, OTEL_TRACES_SAMPLER: 'parentbased_always_on', OTEL_BSP_SCHEDULE_DELAY: '1000' } : {};
}

/** Prometheus scraping every unit of the site on `ports`, with the production alert rules; undefined, and said, when it does not start. */
export async function startSitePrometheus(
  ports: MarketplacePorts,
  port: number,
  { dataDir, logsDir, prefix = '', log }: SiteMonitoringOptions,
): Promise<RunningPrometheus | undefined> {
  try {
    return await startPrometheus({
      targets: [
        { unit: 'gateway', address: `127.0.0.1:${ports.gatewayMetrics}` },
        { unit: 'svc-identity', address: `127.0.0.1:${ports.identity}` },
        { unit: 'svc-providers', address: `127.0.0.1:${ports.providers}` },
        { unit: 'svc-billing', address: `127.0.0.1:${ports.billing}` },
        { unit: 'svc-notify', address: `127.0.0.1:${ports.notify}` },
      ],
      port,
      dataDir: path.join(dataDir, `${prefix}prometheus`),
      logFile: path.join(logsDir, `${prefix}prometheus.log`),
      ruleFile: alertRulesFile,
    });
  } catch (error) {
    log(`Prometheus did not start (the site runs without it): ${(error as Error).message}`);
    return undefined;
  }
}
