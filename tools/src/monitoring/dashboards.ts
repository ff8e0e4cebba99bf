import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';

/**
 * One Grafana dashboard per deploy unit, generated here and kept as JSON in deploy/monitoring/
 * dashboards (`npm run dashboards` writes them; a test checks the files are current and that every
 * query names only metrics the units serve). A team on call opens its unit's dashboard.
 */
export const dashboardsDir = path.join(repoRoot, 'deploy', 'monitoring', 'dashboards');

interface Panel {
  title: string;
  /** PromQL, one per series; `$unit` is the dashboard's unit. */
  queries: { expr: string; legend: string }[];
  unit: 'reqps' | 's' | 'percentunit' | 'short' | 'none';
}

const requestPanels = (unit: string): Panel[] => [
  {
    title: 'Requests a second, by status',
    unit: 'reqps',
    queries: [{ expr: `sum by (status_code) (rate(http_request_duration_seconds_count{unit="${unit}"}[5m]))`, legend: '{{status_code}}' }],
  },
  {
    title: 'Server errors (share of requests)',
    unit: 'percentunit',
    queries: [{ expr: `unit:http_server_errors:ratio_rate5m{unit="${unit}"}`, legend: 'errors' }],
  },
  {
    title: 'p95 duration by route',
    unit: 's',
    queries: [{ expr: `unit_route:http_request_duration_seconds:p95_10m{unit="${unit}"}`, legend: '{{route}}' }],
  },
];

const eventPanels = (unit: string): Panel[] => [
  {
    title: 'Events published a second, by type',
    unit: 'short',
    queries: [{ expr: `sum by (type) (rate(events_published_total{unit="${unit}"}[5m]))`, legend: '{{type}}' }],
  },
  {
    title: 'Deliveries settled a second, by type and outcome',
    unit: 'short',
    queries: [{ expr: `sum by (type, outcome) (rate(events_consumed_total{unit="${unit}"}[5m]))`, legend: '{{type}} {{outcome}}' }],
  },
  {
    title: 'Outbox: documents pending, and the oldest event’s age',
    unit: 'short',
    queries: [
      // Every pod reads the same database: the most any of them saw, not their sum.
      { expr: `max(outbox_pending_documents{unit="${unit}"})`, legend: 'pending documents' },
      { expr: `max(outbox_oldest_pending_age_seconds{unit="${unit}"})`, legend: 'oldest (s)' },
    ],
  },
];

const processPanels = (unit: string): Panel[] => [
  {
    title: 'CPU and memory',
    unit: 'short',
    queries: [
      { expr: `sum(rate(process_cpu_seconds_total{unit="${unit}"}[5m]))`, legend: 'CPU (cores)' },
      { expr: `sum(process_resident_memory_bytes{unit="${unit}"}) / 1e6`, legend: 'memory (MB)' },
      { expr: `max(nodejs_eventloop_lag_p99_seconds{unit="${unit}"})`, legend: 'event loop lag p99 (s)' },
    ],
  },
];

/** What browsers see of a front end's area (area and remote are the same name for a remote). */
const browserPanels = (area: string): Panel[] => [
  ...(area === 'shell'
    ? []
    : [
        {
          title: 'Remote load failures, by build',
          unit: 'short' as const,
          queries: [{ expr: `sum by (build_version) (increase(client_remote_load_failures_total{remote="${area}"}[10m]))`, legend: '{{build_version}}' }],
        },
      ]),
  {
    title: 'Web vitals p75 (sampled page loads)',
    unit: 's',
    queries: [{ expr: `histogram_quantile(0.75, sum by (name, le) (rate(client_web_vital_seconds_bucket{area="${area}"}[30m])))`, legend: '{{name}}' }],
  },
  {
    title: 'Cumulative Layout Shift p75',
    unit: 'none',
    queries: [{ expr: `histogram_quantile(0.75, sum by (le) (rate(client_cumulative_layout_shift_bucket{area="${area}"}[30m])))`, legend: 'CLS' }],
  },
];

/** Each deploy unit and what its dashboard shows. */
export const unitDashboards: Record<string, Panel[]> = {
  gateway: [...requestPanels('gateway'), ...processPanels('gateway')],
  'svc-identity': [...requestPanels('svc-identity'), ...eventPanels('svc-identity'), ...processPanels('svc-identity')],
  'svc-providers': [...requestPanels('svc-providers'), ...eventPanels('svc-providers'), ...processPanels('svc-providers')],
  'svc-billing': [...requestPanels('svc-billing'), ...eventPanels('svc-billing'), ...processPanels('svc-billing')],
  'svc-notify': [...requestPanels('svc-notify'), ...eventPanels('svc-notify'), ...processPanels('svc-notify')],
  shell: browserPanels('shell'),
  'mfe-member': browserPanels('mfe_member'),
  'mfe-provider': browserPanels('mfe_provider'),
  'mfe-admin': browserPanels('mfe_admin'),
};

/** A dashboard in Grafana's JSON model (schema 39): a time-series panel per entry, two to a row. */
export function dashboardJson(unit: string, panels: Panel[]): string {
  const dashboard = {
    uid: `altmed-${unit}`,
    title: `Altmed ${unit}`,
    tags: ['altmed', unit],
    timezone: 'browser',
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    refresh: '1m',
    templating: { list: [{ name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Prometheus' }] },
    panels: panels.map((panel, index) => ({
      id: index + 1,
      type: 'timeseries',
      title: panel.title,
      datasource: { type: 'prometheus', uid: '${datasource}' },
      gridPos: { h: 8, w: 12, x: (index % 2) * 12, y: Math.floor(index / 2) * 8 },
      fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
      targets: panel.queries.map((query, queryIndex) => ({
        refId: String.fromCharCode(65 + queryIndex),
        expr: query.expr,
        legendFormat: query.legend,
        datasource: { type: 'prometheus', uid: '${datasource}' },
      })),
    })),
  };
  return `${JSON.stringify(dashboard, null, 2)}\n`;
}

/** Writes every unit's dashboard; answers the files written. */
export function writeDashboards(): string[] {
  fs.mkdirSync(dashboardsDir, { recursive: true });
  return Object.entries(unitDashboards).map(([unit, panels]) => {
    const file = path.join(dashboardsDir, `${unit}.json`);
    fs.writeFileSync(file, dashboardJson(unit, panels));
    return file;
  });
}
