import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import proxyaddr from 'proxy-addr';
import {
  accessLog,
  closeServer,
  createLogger,
  errorHandler,
  METRICS_PATH,
  notFoundHandler,
  ServiceMetrics,
  traceEdgeRequest,
  dropClientTraceContext,
  type RunningService,
} from '@altmed/service-kit';
import { CLIENT_REPORTS_PATH } from '@altmed/contracts';
import { remotesOf, servicesOf, type GatewayConfig } from './config';
import { clientReports } from './client-reports/client-reports';
import { API_DOCS_PATH, apiDocs } from './docs/api-docs';
import { routeLabel } from './metrics/route-label';
import { gatewayReadiness, servicesStatus } from './health/readiness';
import { apiProxy, isApiRequest } from './proxy/api-routes';
import { upstreamPool } from './proxy/upstream';
import { requestIdFilter } from './request-id';
import { applyHeaders, securityHeaders } from './security';
import { paymentConfigDocument, remoteFiles, remotesDocument, shellFiles } from './static/static-files';

/** Listens and answers the real port (0 picks a free one). */
async function listenOn(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export async function startGateway(config: GatewayConfig): Promise<RunningService & { metricsPort: number }> {
  const logger = createLogger('gateway', config.LOG_LEVEL, { sync: false });
  const services = servicesOf(config);
  const remotes = remotesOf(config);
  const headers = securityHeaders(config, remotes);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // The same rule express applies for req.ip, used on /api requests, which never reach express.
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const pool = upstreamPool({ timeoutMs: config.PROXY_TIMEOUT_MS, clientAddress: (req) => proxyaddr(req, trusted), ownHeaders: headers.names });

  const localRemotes = remotes.filter((remote) => remote.entry.startsWith('/'));
  const localBuilds = [
    ...(config.SHELL_URL ? [] : [{ name: 'shell', dist: config.SHELL_DIST, file: 'index.html' }]),
    ...localRemotes.map((remote) => ({ name: remote.name, dist: remote.dist, file: 'mf-manifest.json' })),
  ];

  const metrics = new ServiceMetrics('gateway');
  const compress = compression();
  app.use(compress);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', gatewayReadiness(localBuilds.map(({ name, dist, file }) => ({ name, file: path.join(dist, file) }))));
  app.get('/statusz', servicesStatus(services, config.READY_TIMEOUT_MS));
  app.get('/remotes.json', remotesDocument(remotes));
  app.get('/payment-config.json', paymentConfigDocument(config));
  app.use(clientReports(metrics, remotes, (req) => proxyaddr(req, trusted)));
  app.use('/remotes', remoteFiles(remotes));
  app.use(config.SHELL_URL ? pool.proxyTo('shell', config.SHELL_URL) : shellFiles(config.SHELL_DIST));
  app.use(notFoundHandler);
  app.use(errorHandler);

  const api = apiProxy(services, pool, { compress: (req, res, next) => compress(req as express.Request, res as express.Response, next) });
  const docs = apiDocs(services, config.READY_TIMEOUT_MS);
  const logRequest = accessLog(logger);
  const dropUntrustedRequestId = requestIdFilter(config.REQUEST_ID_PROXY);
  const handleRequest = (req: IncomingMessage, res: ServerResponse) => {
    // The URL as it came: the proxy and the routers rewrite req.url on the way.
    const { method, url = '' } = req;
    const route = routeLabel(method, url, remotes);
    metrics.timeRequest(req, res, () => route);
    const path = url.split('?', 1)[0];
    const toApi = isApiRequest(url);
    applyHeaders(res, toApi ? headers.api : headers.page);
    dropUntrustedRequestId(req);
    const handle = () => {
      logRequest(req, res);
      if (!toApi) app(req, res);
      else if (path === API_DOCS_PATH) void docs(req, res);
      else api(req, res);
    };
    // Calls to the API and browsers' reports make traces (the site's files are not a team's requests to
    // follow); the access log starts inside, so its lines carry the trace.
    if (toApi || path === CLIENT_REPORTS_PATH) traceEdgeRequest(req, res, route, handle);
    else {
      dropClientTraceContext(req);
      handle();
    }
  };

  for (const { dist } of localBuilds.filter((build) => !fs.existsSync(build.dist))) {
    logger.warn({ folder: dist }, 'front-end build not found: its paths answer 404 and /readyz 503 until it is built');
  }

  const server = http.createServer(handleRequest);
  // Longer than the usual proxy and load-balancer idle timeouts, so they close first.
  server.keepAliveTimeout = 65_000;
  const port = await listenOn(server, config.PORT, config.HOST);
  // Apart from the site: the ingress sends browsers to PORT only.
  const metricsApp = express().disable('x-powered-by').get(METRICS_PATH, metrics.handler());
  const metricsServer = http.createServer(metricsApp);
  const metricsPort = await listenOn(metricsServer, config.METRICS_PORT, config.HOST).catch(async (error: unknown) => {
    await closeServer(server);
    pool.close();
    throw error;
  });
  logger.info({ port, metricsPort, services, remotes: remotes.map(({ name, entry }) => ({ name, entry })) }, 'gateway listening');

  return {
    server,
    metrics,
    metricsPort,
    app,
    port,
    logger,
    async stop() {
      await Promise.all([closeServer(server), closeServer(metricsServer)]);
      pool.close();
    },
  };
}
