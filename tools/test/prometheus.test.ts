import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ServiceMetrics } from '@altmed/service-kit';
import { freePorts, eventually } from '../src/net';
import { alertRulesFile } from '../src/monitoring/monitoring-queries';
import { startPrometheus, type RunningPrometheus } from '../src/monitoring/prometheus';

let unit: http.Server;
let prometheus: RunningPrometheus;
let dataDir: string;

beforeAll(async () => {
  const metrics = new ServiceMetrics('svc-example');
  metrics.eventPublished('user.signed_up');
  unit = http.createServer((_req, res) => {
    void metrics.registry.metrics().then((text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text));
  });
  const [unitPort, prometheusPort] = (await freePorts(2)) as [number, number];
  await new Promise<void>((resolve) => unit.listen(unitPort, '127.0.0.1', resolve));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometheus-test-'));
  prometheus = await startPrometheus({
    targets: [{ unit: 'svc-example', address: `127.0.0.1:${unitPort}` }],
    port: prometheusPort,
    dataDir,
    logFile: path.join(dataDir, 'prometheus.log'),
    ruleFile: alertRulesFile,
  });
}, 600_000);

afterAll(async () => {
  await prometheus?.stop();
  await new Promise((resolve) => unit?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const answer = (await (await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as {
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  return answer.data.result;
}

it('scrapes a unit’s /metrics and loads the production alert rules', async () => {
  const published = await eventually(async () => (await query('events_published_total')).find(({ metric }) => metric.type === 'user.signed_up'), 30_000);
  expect(published).toMatchObject({ metric: { job: 'svc-example', unit: 'svc-example' }, value: [expect.any(Number), '1'] });
  const rules = (await (await fetch(`${prometheus.url}/api/v1/rules`)).json()) as { data: { groups: { name: string }[] } };
  expect(rules.data.groups.map(({ name }) => name).sort()).toEqual(['altmed-browsers', 'altmed-events', 'altmed-jobs', 'altmed-requests']);
}, 60_000);
