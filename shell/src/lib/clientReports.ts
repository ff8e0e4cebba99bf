import { CLIENT_REPORTS_MAX, CLIENT_REPORTS_PATH } from '@altmed/contracts/web';
import type { ClientReport } from '@altmed/contracts/web';

/**
 * Sends what the browser saw to the gateway without holding the page: a beacon (which outlives a
 * page being closed), else a keepalive fetch. Never throws: a report that cannot go is dropped.
 */
export function sendClientReports(reports: ClientReport[]): void {
  for (let start = 0; start < reports.length; start += CLIENT_REPORTS_MAX) {
    const body = JSON.stringify({ reports: reports.slice(start, start + CLIENT_REPORTS_MAX) });
    try {
      if (navigator.sendBeacon(CLIENT_REPORTS_PATH, new Blob([body], { type: 'application/json' }))) continue;
    } catch {
      // No beacons here (an old browser, a test environment): fetch instead.
    }
    globalThis.fetch?.(CLIENT_REPORTS_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => undefined);
  }
}
