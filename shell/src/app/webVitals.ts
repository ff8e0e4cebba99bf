import { matchPath } from 'react-router-dom';
import { WEB_VITALS_SAMPLE_RATE, type ClientReport, type SiteArea } from '@altmed/contracts/web';
import { sendClientReports } from '../lib/clientReports';
import { remoteRoutes } from './routes';

/** Whose part of the site a page is: the remote that serves it, or the shell. */
export function areaOf(pathname: string): SiteArea {
  return remoteRoutes.find(({ path }) => matchPath(path, pathname))?.remote ?? 'shell';
}

/**
 * For a sample of page loads (WEB_VITALS_SAMPLE_RATE), measures the Core Web Vitals with the
 * `web-vitals` library (loaded after the page, apart from its start-up) and sends them, with the
 * area of the page the load landed on, when the page is hidden or left.
 */
export function reportWebVitals(random: () => number = Math.random): void {
  if (random() >= WEB_VITALS_SAMPLE_RATE) return;
  const queue: ClientReport[] = [];
  // The page the load landed on: LCP, FCP and TTFB are its figures, whatever page is shown when they are sent.
  const area = areaOf(window.location.pathname);
  const record = ({ name, value }: { name: 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB'; value: number }) => queue.push({ kind: 'web-vital', name, value, area });
  const flush = () => {
    if (queue.length > 0) sendClientReports(queue.splice(0));
  };
  import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const measure of [onCLS, onFCP, onINP, onLCP, onTTFB]) measure(record);
    })
    // A browser without the Performance APIs it needs measures nothing; the page does not notice.
    .catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}
