import fs from 'node:fs';
import compression from 'compression';
import express from 'express';
import { accessLog, closeServer, createLogger, errorHandler, listen, notFoundHandler, type RunningService } from '@altmed/service-kit';
import { remotesOf, servicesOf, type GatewayConfig } from './config';
import { readiness } from './health/readiness';
import { apiProxy } from './proxy/api-routes';
import { upstreamPool } from './proxy/upstream';
import { securityHeaders } from './security';
import { remoteFiles, remotesDocument, shellFiles } from './static/static-files';

export async function startGateway(config: GatewayConfig): Promise<RunningService> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const services = servicesOf(config);
  const remotes = remotesOf(config);
  const pool = upstreamPool({ timeoutMs: config.PROXY_TIMEOUT_MS });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(accessLog(logger));
  app.use(securityHeaders(config, remotes));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readiness(services, config.READY_TIMEOUT_MS));
  app.get('/remotes.json', remotesDocument(remotes));
  app.use('/api', apiProxy(services, pool));
  app.use('/remotes', remoteFiles(remotes));
  app.use(config.SHELL_URL ? pool.proxyTo('shell', config.SHELL_URL) : shellFiles(config.SHELL_DIST));
  app.use(notFoundHandler);
  app.use(errorHandler);

  const localRemotes = remotes.filter((remote) => remote.entry.startsWith('/'));
  const folders = [...(config.SHELL_URL ? [] : [config.SHELL_DIST]), ...localRemotes.map((remote) => remote.dist)];
  for (const folder of folders.filter((dist) => !fs.existsSync(dist))) {
    logger.warn({ folder }, 'front-end build not found: its paths answer 404 until it is built');
  }

  const { server, port } = await listen(app, config);
  logger.info({ port, services, remotes: remotes.map(({ name, entry }) => ({ name, entry })) }, 'gateway listening');

  return {
    server,
    port,
    logger,
    async stop() {
      await closeServer(server);
      pool.close();
    },
  };
}
