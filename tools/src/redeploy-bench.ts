import type { NodeUnitHandle } from './marketplace';
import { sleep } from './net';
import { deployUnits, describeRedeploy, redeploy, redeployTrafficChecks, summarizeRedeploy, type RedeployTrafficResult } from './redeploy';

/** Pause between two requests of one check's loop: about 14 × 40 requests a second in all. */
const pauseMs = 20;

/**
 * What a redeploy costs under steady traffic: every unit is rebuilt and replaced in turn while each
 * area is called in a loop of its own (Node's fetch, kept-alive connections, no retry: stricter than
 * a browser, which sends a request again when a kept-alive connection closes under it).
 */
export async function benchRedeploys(
  siteUrl: string,
  nodeUnits: Record<string, NodeUnitHandle>,
  admin: { email: string; password: string },
): Promise<string[]> {
  const login = await fetch(`${siteUrl}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  if (!login.ok) throw new Error(`the admin login answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };

  const results: RedeployTrafficResult[] = [];
  let running = true;
  const loops = redeployTrafficChecks.map(async (check, index) => {
    while (running) {
      let ok = false;
      let detail: string;
      try {
        const response = await fetch(`${siteUrl}${check.path}`, {
          method: check.method,
          headers: { authorization: `Bearer ${token}`, ...(check.body ? { 'content-type': 'application/json' } : {}) },
          body: check.body,
        });
        await response.arrayBuffer();
        ok = response.status === check.status;
        detail = `${check.method} ${check.path} answered ${response.status}`;
      } catch (error) {
        detail = `${check.method} ${check.path}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;
      }
      results.push([index, Date.now(), ok, detail]);
      await sleep(pauseMs);
    }
  });

  const lines: string[] = [];
  try {
    for (const unit of deployUnits) {
      await sleep(1_000);
      const from = results.length;
      const deployed = await redeploy(unit, nodeUnits, { quiet: true });
      await sleep(2_000);
      const summary = summarizeRedeploy(unit, results.slice(from), deployed);
      lines.push(`  ${describeRedeploy(summary)}${summary.failedElsewhere.length > 0 ? ` (${[...new Set(summary.failedElsewhere)].join('; ')})` : ''}`);
    }
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return lines;
}
