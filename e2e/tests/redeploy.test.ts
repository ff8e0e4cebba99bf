import fs from 'node:fs';
import path from 'node:path';
import { deployUnits, redeploy, type DeployUnit, type NodeUnitHandle, type RedeployReport } from '@altmed/local-stack/src/redeploy';
import type { Browser, Page } from 'playwright-core';
import { apiLogin, ARTIFACTS_DIR, E2E_ADMIN, launchBrowser, openPage, REMOTE_FALLBACK, url } from '../support/browser';

/**
 * Steady traffic on every area from a browser tab (Chromium's own connections and keep-alive, as a
 * visitor's), while `npm run redeploy`'s function rebuilds and replaces each of the nine units in turn.
 */
interface TrafficCheck {
  area: DeployUnit;
  method: 'GET' | 'POST';
  path: string;
  status: number;
  body?: string;
}

/** One request of the tab's traffic: which check, when it ended (ms since the epoch), and whether it got the expected answer. */
type TrafficResult = [check: number, endedAt: number, ok: boolean, detail: string];

const checks: TrafficCheck[] = [
  { area: 'svc-identity', method: 'GET', path: '/api/users/me', status: 200 },
  { area: 'svc-providers', method: 'GET', path: '/api/admins/providers?page=1', status: 200 },
  { area: 'svc-providers', method: 'GET', path: '/api/directory/providers', status: 200 },
  { area: 'svc-billing', method: 'GET', path: '/api/promo-codes/list', status: 200 },
  { area: 'svc-billing', method: 'GET', path: '/api/payments/receipts', status: 200 },
  // Checked and refused by svc-notify before anything is sent.
  { area: 'svc-notify', method: 'POST', path: '/api/email/send-subscription-email', status: 400, body: '{}' },
  { area: 'shell', method: 'GET', path: '/providers', status: 200 },
  { area: 'gateway', method: 'GET', path: '/remotes.json', status: 200 },
  { area: 'mfe-member', method: 'GET', path: '/remotes/member/mf-manifest.json', status: 200 },
  { area: 'mfe-member', method: 'GET', path: '/remotes/member/remoteEntry.js', status: 200 },
  { area: 'mfe-provider', method: 'GET', path: '/remotes/provider/mf-manifest.json', status: 200 },
  { area: 'mfe-provider', method: 'GET', path: '/remotes/provider/remoteEntry.js', status: 200 },
  { area: 'mfe-admin', method: 'GET', path: '/remotes/admin/mf-manifest.json', status: 200 },
  { area: 'mfe-admin', method: 'GET', path: '/remotes/admin/remoteEntry.js', status: 200 },
];

interface UnitReport {
  unit: DeployUnit;
  requests: number;
  /** Requests of the unit's own area that failed during its redeploy (goal: 0). */
  failedInUnit: number;
  /** Requests of every other area that failed meanwhile (must be 0). */
  failedElsewhere: string[];
  /** From the first failure of the unit's area to its next success; 0 without failures. */
  recoverySeconds: number;
  buildSeconds: number;
  replaceSeconds?: number;
}

const nodeUnits = JSON.parse(process.env.MARKETPLACE_NODE_UNITS ?? '{}') as Record<string, NodeUnitHandle>;
let browser: Browser;
let traffic: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const { token } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  ({ page: traffic } = await openPage(browser));
  await traffic.goto(url('/'));
  // Each check in a loop of its own, for as long as the test runs; results stay in the page.
  await traffic.evaluate(
    ({ checks, token }) => {
      const results: TrafficResult[] = [];
      Object.assign(window, { trafficResults: results, trafficRunning: true });
      const running = () => (window as unknown as { trafficRunning: boolean }).trafficRunning;
      const loop = async (check: (typeof checks)[number], index: number) => {
        while (running()) {
          let ok = false;
          let detail = '';
          try {
            const response = await fetch(check.path, {
              method: check.method,
              cache: 'no-store',
              headers: { authorization: `Bearer ${token}`, ...(check.body ? { 'content-type': 'application/json' } : {}) },
              body: check.body,
            });
            await response.arrayBuffer();
            ok = response.status === check.status;
            detail = `${check.method} ${check.path} answered ${response.status}`;
          } catch (error) {
            detail = `${check.method} ${check.path}: ${String(error)}`;
          }
          results.push([index, Date.now(), ok, detail]);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      checks.forEach((check, index) => void loop(check, index));
    },
    { checks, token },
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function resultsSince(index: number): Promise<TrafficResult[]> {
  return traffic.evaluate((from) => (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.slice(from), index);
}

async function resultCount(): Promise<number> {
  return traffic.evaluate(() => (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.length);
}

/** Waits until every check has answered at least `rounds` more times. */
async function moreTraffic(rounds: number): Promise<void> {
  const from = await resultCount();
  await traffic.waitForFunction(
    ([start, total, wanted]) => {
      const seen = new Map<number, number>();
      for (const [check] of (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.slice(start)) seen.set(check, (seen.get(check) ?? 0) + 1);
      return seen.size === total && [...seen.values()].every((count) => count >= wanted);
    },
    [from, checks.length, rounds] as const,
    { timeout: 60_000, polling: 200 },
  );
}

function reportOf(unit: DeployUnit, results: TrafficResult[], deployed: RedeployReport): UnitReport {
  const own = results.filter(([check]) => unit === 'gateway' || checks[check]!.area === unit);
  const elsewhere = results.filter(([check]) => unit !== 'gateway' && checks[check]!.area !== unit);
  const firstFailure = own.find(([, , ok]) => !ok);
  const recovered = firstFailure && own.find(([, endedAt, ok]) => ok && endedAt > firstFailure[1]);
  return {
    unit,
    requests: results.length,
    failedInUnit: own.filter(([, , ok]) => !ok).length,
    failedElsewhere: elsewhere.filter(([, , ok]) => !ok).map(([, , , detail]) => detail),
    recoverySeconds: firstFailure ? ((recovered?.[1] ?? Date.now()) - firstFailure[1]) / 1000 : 0,
    buildSeconds: deployed.buildSeconds,
    replaceSeconds: deployed.replaceSeconds,
  };
}

describe('redeploying each unit while the site is busy', () => {
  const reports: UnitReport[] = [];

  afterAll(() => {
    if (reports.length === 0) return;
    console.log(
      [
        'Redeploys under steady traffic (a browser tab, every area):',
        ...reports.map(
          (report) =>
            `  ${report.unit.padEnd(14)} ${String(report.requests).padStart(5)} requests meanwhile, failed: ${report.failedInUnit} in the unit, ${report.failedElsewhere.length} elsewhere; recovery ${report.recoverySeconds.toFixed(1)} s; build ${report.buildSeconds.toFixed(1)} s${report.replaceSeconds === undefined ? '' : `, swap ${report.replaceSeconds.toFixed(1)} s`}`,
        ),
      ].join('\n'),
    );
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS_DIR, 'redeploy.json'), `${JSON.stringify(reports, null, 2)}\n`);
  });

  it.each([...deployUnits])(
    '%s: every other area keeps answering, and the unit itself',
    async (unit) => {
      await moreTraffic(2);
      const from = await resultCount();
      const deployed = await redeploy(unit, nodeUnits, { quiet: true });
      await moreTraffic(3);
      const report = reportOf(unit, await resultsSince(from), deployed);
      reports.push(report);
      expect(report.failedElsewhere).toEqual([]);
      // Goal 0 for the unit itself too; every request after the swap must succeed again.
      const afterwards = (await resultsSince(from + report.requests)).filter(([, , ok]) => !ok);
      expect(afterwards.map(([, , , detail]) => detail)).toEqual([]);
    },
    300_000,
  );
});

describe('a tab opened before a remote is redeployed', () => {
  it('keeps working in that remote, and its next page load gets the files just built', async () => {
    const { page, pageErrors } = await openPage(browser);
    const { token, user } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.addInitScript(
      ([t, u]) => {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', u);
      },
      [token, JSON.stringify(user)] as const,
    );
    await page.goto(url('/admin/dashboard'));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const { buildVersion } = await redeploy('mfe-admin', nodeUnits, { quiet: true });

    // The tab still runs the previous build: its pages, and the chunks it has not loaded yet, still come.
    const nav = page.getByRole('complementary', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Promo Codes' }).click();
    await page.getByRole('heading', { name: 'Promo Codes Management' }).waitFor();
    await nav.getByRole('link', { name: 'Providers' }).click();
    await page.getByRole('heading', { name: 'Provider Management' }).waitFor();
    expect(await page.getByText(REMOTE_FALLBACK).count()).toBe(0);

    // The next page load asks for the remote's manifest again and gets the one just written.
    const manifestRequest = page.waitForResponse((response) => response.url().endsWith('/remotes/admin/mf-manifest.json'));
    await page.reload();
    const manifest = await manifestRequest;
    expect(manifest.status()).toBe(200);
    expect(((await manifest.json()) as { metaData: { buildInfo: { buildVersion: string } } }).metaData.buildInfo.buildVersion).toBe(buildVersion);
    await page.getByRole('heading', { name: 'Provider Management' }).waitFor();
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
