import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig, Remote } from './config';

/**
 * helmet's headers with a Content-Security-Policy that lets the shell load remotes from their
 * own origins (taken from the remote entries) and the few third parties the pages use.
 */
export function securityHeaders(config: GatewayConfig, remotes: Remote[]): RequestHandler {
  if (config.CSP_MODE === 'off') return helmet({ contentSecurityPolicy: false });
  const remoteOrigins = remotes.flatMap(({ entry }) => (/^https?:\/\//.test(entry) ? [new URL(entry).origin] : []));
  const origins = [...new Set([...remoteOrigins, ...config.CSP_EXTRA_ORIGINS])];
  return helmet({
    contentSecurityPolicy: {
      reportOnly: config.CSP_MODE === 'report-only',
      directives: {
        scriptSrc: ["'self'", ...origins],
        connectSrc: ["'self'", ...origins],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:', ...origins],
        imgSrc: ["'self'", 'data:', 'blob:', ...origins],
        frameSrc: ["'self'", ...origins],
        // Plain-http deployments (local, compose) must keep working.
        upgradeInsecureRequests: null,
      },
    },
  });
}
