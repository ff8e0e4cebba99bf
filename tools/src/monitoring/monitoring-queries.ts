import fs from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { repoRoot } from '../paths';
import { unitDashboards } from './dashboards';

export const alertRulesFile = path.join(repoRoot, 'deploy', 'monitoring', 'alerts.yml');

interface RuleFile {
  groups: { name: string; rules: ({ record: string; expr: string } | { alert: string; expr: string })[] }[];
}

/** The metric names a PromQL expression selects (`rate(x_total[5m]) / y` → x_total, y), read by Prometheus' own grammar. */
export function metricNamesIn(expr: string): string[] {
  const names = new Set<string>();
  const tree = parser.parse(expr);
  tree.iterate({
    enter(node) {
      if (node.name === '⚠') throw new Error(`not PromQL: ${expr}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') names.add(expr.slice(node.from, node.to));
    },
  });
  return [...names];
}

/** Every query the monitoring holds, by where it is: the alert rules' expressions and the dashboards' panels. */
export function monitoringQueries(): { where: string; expr: string }[] {
  const rules = parse(fs.readFileSync(alertRulesFile, 'utf8')) as RuleFile;
  return [
    ...rules.groups.flatMap((group) =>
      group.rules.map((rule) => ({ where: 'record' in rule ? `rule ${rule.record}` : `alert ${rule.alert}`, expr: rule.expr })),
    ),
    ...Object.entries(unitDashboards).flatMap(([unit, panels]) =>
      panels.flatMap((panel) => panel.queries.map(({ expr }) => ({ where: `dashboard ${unit}: ${panel.title}`, expr }))),
    ),
  ];
}

/** The series the alert rules record: queries may name them beside the units' own metrics. */
export function recordedSeries(): string[] {
  const rules = parse(fs.readFileSync(alertRulesFile, 'utf8')) as RuleFile;
  return rules.groups.flatMap((group) => group.rules.flatMap((rule) => ('record' in rule ? [rule.record] : [])));
}
