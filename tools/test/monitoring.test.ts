import fs from 'node:fs';
import path from 'node:path';
import { dashboardJson, dashboardsDir, unitDashboards } from '../src/monitoring/dashboards';
import { alertRulesFile } from '../src/monitoring/monitoring-queries';
import { runPromtool } from '../src/monitoring/promtool';

const monitoringDir = path.dirname(alertRulesFile);

it('keeps each unit’s dashboard as `npm run dashboards` writes it, and no other', () => {
  const expected = Object.keys(unitDashboards).map((unit) => `${unit}.json`);
  expect(fs.readdirSync(dashboardsDir).sort()).toEqual(expected.sort());
  for (const [unit, panels] of Object.entries(unitDashboards)) {
    expect({ unit, current: fs.readFileSync(path.join(dashboardsDir, `${unit}.json`), 'utf8') === dashboardJson(unit, panels) }).toEqual({
      unit,
      current: true,
    });
  }
});

it('has alert rules Prometheus accepts (promtool check rules)', async () => {
  const { passed, output } = await runPromtool(['check', 'rules', path.basename(alertRulesFile)], monitoringDir);
  expect({ passed, output }).toEqual({ passed: true, output: expect.stringContaining('SUCCESS') as unknown });
}, 600_000);

it('fires each alert on the series it is for, and not just below (promtool test rules)', async () => {
  const { passed, output } = await runPromtool(['test', 'rules', 'alerts.test.yml'], monitoringDir);
  expect({ passed, output }).toEqual({ passed: true, output: expect.stringContaining('SUCCESS') as unknown });
}, 600_000);
