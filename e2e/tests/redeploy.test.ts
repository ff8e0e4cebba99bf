import fs from 'node:fs';
import path from 'node:path';
import {
  deployUnits,
  redeploy,
  redeployTrafficChecks as checks,
  describeRedeploy,
  summarizeRedeploy,
  type NodeUnitHandle,
  type RedeployTrafficResult as TrafficResult,
  type RedeploySummary,
} from '@altmed/local-stack/src/redeploy';
import { sleep } from '@altmed/local-stack/src/testing';
import type { Page } from 'playwright-core';
import { apiLogin, ARTIFACTS_DIR, E2E_ADMIN, openPage, REMOTE_FALLBACK, url } from '../support/browser';
import { useBrowser } from '../support/browser-per-file';

/**
 * Steady traffic on every area from a browser tab (Chromium's own connections and keep-alive, as a
 * visitor's), while `npm run redeploy`'s function rebuilds and replaces each of the nine units in turn.
 */
const nodeUnits = JSON.parse(process.env.MARKETPLACE_NODE_UNITS ?? '{}') as Record<string, NodeUnitHandle>;
const chromium = useBrowser();
let traffic: Page;

beforeAll(async () => {
  const { token } = await apiLogin(E2E_ADMIN.email, E2E_ADMIN.password);
  ({ page: traffic } = await openPage(chromium.browser));
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

async function resultsSince(index: number): Promise<TrafficResult[]> {
  return traffic.evaluate((from) => (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.slice(from), index);
}

async function resultCount(): Promise<number> {
  return traffic.evaluate(() => (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.length);
}

/** How long one check may go without an answer before the wait gives up: a hung request, not a slow machine. */
const CHECK_STALL_MS = 120_000;

/** Per check, the answers since result `from` and the time of its last one (counted in the page: the results run to tens of thousands). */
async function answersSince(from: number): Promise<{ counts: number[]; lastAt: number[] }> {
  return traffic.evaluate(
    ([start, total]) => {
      const counts = Array.from({ length: total }, () => 0);
      const lastAt = Array.from({ length: total }, () => 0);
      for (const [check, endedAt] of (window as unknown as { trafficResults: TrafficResult[] }).trafficResults.slice(start)) {
        counts[check] = (counts[check] ?? 0) + 1;
        lastAt[check] = Math.max(lastAt[check] ?? 0, endedAt);
      }
      return { counts, lastAt };
    },
    [from, checks.length] as const,
  );
}

/**
 * Waits until every check has answered at least `rounds` more times, for as long as each keeps
 * answering (a busy machine answers slowly, and builds beside it take a minute); it gives up when a
 * check has had no answer for CHECK_STALL_MS, and says which.
 */
async function moreTraffic(rounds: number): Promise<void> {
  const from = await resultCount();
  const startedAt = Date.now();
  for (;;) {
    const { counts, lastAt } = await answersSince(from);
    const behind = checks.flatMap((check, index) => ((counts[index] ?? 0) < rounds ? [{ check, lastAt: Math.max(lastAt[index] ?? 0, startedAt) }] : []));
    if (behind.length === 0) return;
    const stalled = behind.filter(({ lastAt: last }) => Date.now() - last > CHECK_STALL_MS);
    if (stalled.length > 0)
      throw new Error(`no answer for ${CHECK_STALL_MS / 1000} s from ${stalled.map(({ check }) => `${check.method} ${check.path}`).join(', ')}`);
    await sleep(200);
  }
}

describe('redeploying each unit while the site is busy', () => {
  const reports: RedeploySummary[] = [];

  afterAll(() => {
    if (reports.length === 0) return;
    console.log(['Redeploys under steady traffic (a browser tab, every area):', ...reports.map((report) => `  ${describeRedeploy(report)}`)].join('\n'));
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS_DIR, 'redeploy.json'), `${JSON.stringify(reports, null, 2)}\n`);
  });

  it.each([...deployUnits])(
    '%s: every other area keeps answering, and the unit itself',
    async (unit) => {
      await moreTraffic(2);
      const from = await resultCount();
      const deployed = await redeploy(unit, nodeUnits, { quiet: true });
      const swappedAt = Date.now();
      await sleep(1_000);
      await moreTraffic(3);
      const results = await resultsSince(from);
      const report = summarizeRedeploy(unit, results, deployed);
      reports.push(report);
      expect(report.failedElsewhere).toEqual([]);
      // Goal 0 failures for the unit itself (reported above); a second after the swap it must answer every request.
      expect(results.filter(([, endedAt, ok]) => !ok && endedAt > swappedAt + 1_000).map(([, , , detail]) => detail)).toEqual([]);
    },
    300_000,
  );
});

describe('a tab opened before a remote is redeployed', () => {
  it('keeps working in that remote, and its next page load gets the files just built', async () => {
    const { page, pageErrors } = await openPage(chromium.browser);
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
