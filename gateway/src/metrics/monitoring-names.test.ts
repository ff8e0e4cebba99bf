import { metricNamesIn, monitoringQueries, recordedSeries } from '@altmed/local-stack/src/testing';
import { ServiceMetrics } from '@altmed/service-kit';
import { clientReports } from '../client-reports/client-reports';

/** Every series the units serve: a service's and the gateway's (the same ServiceMetrics), and the browsers' counted by the gateway. */
async function servedSeries(): Promise<Set<string>> {
  const metrics = new ServiceMetrics('gateway');
  clientReports(metrics, [], () => '127.0.0.1');
  // `up` is Prometheus' own, one per scraped target.
  const served = new Set<string>([...recordedSeries(), 'up']);
  for (const { name, type } of await metrics.registry.getMetricsAsJSON()) {
    served.add(name);
    if (String(type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) served.add(`${name}${suffix}`);
  }
  return served;
}

it('names in the alert rules and the dashboards (deploy/monitoring) only metrics the units serve', async () => {
  const served = await servedSeries();
  const queries = monitoringQueries();
  expect(queries.length).toBeGreaterThan(20);
  const unknown = queries.flatMap(({ where, expr }) => metricNamesIn(expr).flatMap((name) => (served.has(name) ? [] : [`${where}: ${name}`])));
  expect(unknown).toEqual([]);
});

it('reads the metric names out of PromQL by its grammar', () => {
  expect(metricNamesIn('sum by (unit) (rate(a_total{x="y"}[5m])) / on(unit) b + histogram_quantile(0.9, rate(c_bucket[1m]))').sort()).toEqual([
    'a_total',
    'b',
    'c_bucket',
  ]);
  expect(() => metricNamesIn('sum(rate(a_total[5m]')).toThrow(/not PromQL/);
});
