import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { trace } from '@opentelemetry/api';
import express, { type Express } from 'express';
import helmet from 'helmet';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import type { TrustProxy } from './config';
import type { Logger } from './logger';
import { errorHandler, notFoundHandler } from './errors';
import { METRICS_PATH, type ServiceMetrics } from './metrics';
import { edgeLogFieldsOf, PROBE_PATHS } from './tracing';

export type ReadinessCheck = () => Promise<Record<string, boolean>>;

declare module 'express-serve-static-core' {
  interface Request {
    /** The JSON body's bytes exactly as they arrived, for checks that sign them (webhook signatures). */
    rawBody?: Buffer;
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** The span attribute that holds a request's x-request-id: a trace is found by it. */
export const REQUEST_ID_ATTRIBUTE = 'http.request.id';

/** Reuses a caller's well-formed x-request-id (the gateway's: it drops a client's) or makes a new one. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', id);
  // Ties the id support is given to the request's trace.
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  return id;
}

export interface HttpAppOptions {
  logger: Logger;
  trustProxy: TrustProxy;
  bodyLimit: string;
  readiness: ReadinessCheck;
  /** Checks the service can work without: failing, they make it "degraded" (200), not "not ready" (503). */
  optionalChecks?: string[];
  /** Times every request and is served at `/metrics`. */
  metrics?: ServiceMetrics;
}

/**
 * Every answer to a request that carries credentials is `Cache-Control: no-store`: what a service
 * answers a token is that account's own (its profile, payments, reviews, or an admin's view of
 * members), so a shared computer's browser cache keeps none of it. Answers to anyone stay cacheable.
 */
function noStoreForCredentials(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.headers.authorization !== undefined) res.setHeader('cache-control', 'no-store');
  next();
}

/**
 * An express app with the parts every service shares: request ids and access logs, helmet,
 * `no-store` on answers to credentials, a JSON body limit (the bytes stay on `req.rawBody`), `/healthz` (alive) and `/readyz` (dependencies reachable: `ready`; only
 * optional ones away: `degraded`, still 200; otherwise 503 `not ready`).
 * Mount routes on it, then call `finishHttpApp`.
 */
export function createHttpApp({ logger, trustProxy, bodyLimit, readiness, optionalChecks = [], metrics }: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(accessLog(logger));
  if (metrics) {
    app.use(metrics.requestTimer());
    app.get(METRICS_PATH, metrics.handler());
  }
  app.use(helmet());
  app.use(noStoreForCredentials);
  app.use(
    express.json({
      limit: bodyLimit,
      // Keeps a reference to the bytes the parser read anyway: a signed body must be checked as received.
      verify: (req, _res, buffer) => {
        (req as express.Request).rawBody = buffer;
      },
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const checks: Record<string, boolean> = await readiness().catch(() => ({ readiness: false }));
    const failing = Object.keys(checks).filter((name) => !checks[name]);
    if (failing.length === 0) return void res.json({ status: 'ready', checks });
    if (failing.every((name) => optionalChecks.includes(name))) return void res.json({ status: 'degraded', checks });
    res.status(503).json({ status: 'not ready', checks });
  });
  return app;
}

/** Query parameters whose values never reach a log line: a member's position (rounded by the browser, still where they are). */
const UNLOGGED_VALUES = /([?&](?:lat|lng)=)[^&#]*/g;
export const loggedUrl = (url: string | undefined) => url?.replace(UNLOGGED_VALUES, '$1-');

/**
 * One short line per request; headers (bearer tokens, cookies) and a position in the query never reach the logs. The serializers
 * read the node request and response themselves (`wrapSerializers: false`): pino-std-serializers'
 * wrappers first copy every header of both, for fields this line never shows.
 */
export function accessLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestIdFor,
    autoLogging: { ignore: (req) => PROBE_PATHS.has(req.url ?? '') },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.originalUrl ?? req.url),
        remoteAddress: req.socket?.remoteAddress,
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      error: pino.stdSerializers.err,
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customErrorMessage: (_req, res) => `request failed with status ${res.statusCode}`,
    customAttributeKeys: { err: 'error' },
    // The edge's trace ids (a service's come from the pino instrumentation); none is no child logger at all.
    customProps: (req) => edgeLogFieldsOf(req) as Record<string, string>,
  });
}

/** Adds the 404 and the one error handler; call after the routes. */
export function finishHttpApp(app: Express): Express {
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
