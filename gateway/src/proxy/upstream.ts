import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import { finished } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { Messages } from '@altmed/contracts';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import getRawBody from 'raw-body';

export type ProxyHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

/** Answers smaller than this are sent as they come: compressing them costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;

export interface ProxyOptions {
  /** Middleware that compresses the answer (compression()); used only for answers that may be large. */
  compress?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export interface UpstreamPool {
  proxyTo: (name: string, target: string, options?: ProxyOptions) => ProxyHandler;
  close: () => void;
}

const NO_BODY = Buffer.alloc(0);

/** Request bodies the gateway passes on, at most; the services' own limits are lower. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Methods a proxy may send twice (RFC 9110 §9.2.2). Others (POST, PATCH) go out on a connection of
 * their own: a kept-alive one that the service closes as they are sent could have been read already,
 * and resending could charge, sign up or review twice.
 */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** What a client is told to wait before asking a service that is down again. */
const RETRY_AFTER_SECONDS = '5';

/** Headers about one connection, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const NO_HEADERS: ReadonlySet<string> = new Set();

function endToEnd(headers: IncomingHttpHeaders, dropped = NO_HEADERS): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !named.has(name) && !dropped.has(name)) kept[name] = headers[name];
  }
  return kept;
}

/** What one request carries between the proxy's events: its body (read whole first), its upstream request, and whether it was answered or sent again. */
interface Exchange {
  body: Buffer;
  upstream?: http.ClientRequest;
  answered: boolean;
  onFreshConnection: boolean;
}

/**
 * A proxy per upstream through `http-proxy-middleware`, all sharing keep-alive connections (POST and
 * PATCH each on a connection of its own, see IDEMPOTENT_METHODS). Request bodies are read whole (at
 * most 1 MB) before the proxy sees the request, so a 413 drains the body and an idempotent request
 * dropped by a closing connection can be sent again; answers are streamed, neither parsed. A refused,
 * failed or timed-out upstream answers 503 `{ message }` with Retry-After. The answer keeps the
 * gateway's own headers (`ownHeaders`: its security policy) over the upstream's. The upstream learns the
 * request id and the client's address (replacing whatever the client sent: services rate-limit on
 * it), the gateway's trace context (traceEdgeRequest puts it on the request), and nothing about the
 * client's own connection. What the library does not do itself is done in
 * its events (`ejectPlugins` and one plugin of ours: no logging or default error page of its own).
 */
export function upstreamPool({
  timeoutMs,
  clientAddress,
  ownHeaders,
}: {
  timeoutMs: number;
  clientAddress: (req: IncomingMessage) => string;
  /** Headers the gateway sets on every answer itself (its security policy): an upstream's values for them never reach the client. */
  ownHeaders: ReadonlySet<string>;
}): UpstreamPool {
  // Idle sockets are dropped before the services' 65 s keep-alive timeout can close them under a request.
  const agents = { http: new http.Agent({ keepAlive: true, timeout: 60_000 }), https: new https.Agent({ keepAlive: true, timeout: 60_000 }) };
  const exchanges = new WeakMap<IncomingMessage, Exchange>();

  return {
    proxyTo(name, target, { compress } = {}) {
      const keptAlive = new URL(target).protocol === 'https:' ? agents.https : agents.http;

      const plugin: Plugin<IncomingMessage, ServerResponse> = (proxyServer) => {
        proxyServer.on('proxyReq', (upstream, req, res) => {
          const exchange = exchanges.get(req)!;
          exchange.upstream = upstream;
          const passedOn = endToEnd(req.headers);
          for (const header of upstream.getHeaderNames()) if (!(header in passedOn)) upstream.removeHeader(header);
          if (exchange.onFreshConnection) upstream.setHeader('connection', 'close');
          if (typeof req.id === 'string') upstream.setHeader('x-request-id', req.id);
          upstream.setHeader('x-forwarded-for', clientAddress(req));
          upstream.setHeader('x-forwarded-proto', (req.socket as TLSSocket).encrypted ? 'https' : 'http');
          if (req.headers.host) upstream.setHeader('x-forwarded-host', req.headers.host);
          if (exchange.body.length > 0 || req.headers['content-length'] !== undefined) upstream.setHeader('content-length', String(exchange.body.length));
          upstream.setTimeout(timeoutMs, () => upstream.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
          // The body was read before the proxy saw the request; the library then ends the upstream request
          // (its pipe of the finished request ends it after this event, the headers still unsent).
          if (exchange.body.length > 0) upstream.write(exchange.body);
          // A client that leaves stops the upstream request; its socket is not reused.
          res.on('close', () => {
            if (!res.writableFinished) upstream.destroy();
          });
        });
        proxyServer.on('proxyRes', (answer, req, res) => {
          exchanges.get(req)!.answered = true;
          answer.on('error', () => res.destroy());
          const forward = () => {
            // writeHead's headers replace those set before: without dropping them, the service's would win.
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers, ownHeaders));
            answer.pipe(res);
          };
          // Most API answers are small and say so in Content-Length: they skip the compression layer altogether.
          const length = Number(answer.headers['content-length']);
          if (compress && !(length < COMPRESS_FROM_BYTES)) compress(req, res, forward);
          else forward();
        });
        proxyServer.on('error', (err: Error & { code?: string }, req, res) => {
          // httpxy names no request for an error of the proxy itself, outside any request: nothing to answer.
          if (!req) return;
          const exchange = exchanges.get(req)!;
          const response = res as ServerResponse;
          // The upstream closed a kept-alive connection as this request went out on it (it closes idle
          // ones when it stops, for a redeploy). Once more, on a new connection: only idempotent
          // requests come here, which a service may see twice.
          const dropped = exchange.upstream?.reusedSocket === true && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
          if (!exchange.answered && !exchange.onFreshConnection && dropped && !response.destroyed) {
            send(req, response, { ...exchange, upstream: undefined, onFreshConnection: true });
            return;
          }
          answerUnavailable(name, err, req, response);
        });
      };

      const options = { target, xfwd: false, ejectPlugins: true, plugins: [plugin], selfHandleResponse: true };
      const throughKeptAlive = createProxyMiddleware<IncomingMessage, ServerResponse>({ ...options, agent: keptAlive });
      const throughNewConnection = createProxyMiddleware<IncomingMessage, ServerResponse>({ ...options, agent: false });

      const send = (req: IncomingMessage, res: ServerResponse, exchange: Exchange) => {
        exchanges.set(req, exchange);
        // Answered here already (Node sends 100 Continue), and http-proxy skips its proxyReq event, where
        // our headers and the body are set, for a request that asks for it.
        delete req.headers.expect;
        const proxy = exchange.onFreshConnection ? throughNewConnection : throughKeptAlive;
        void proxy(req, res, (err?: unknown) => answerUnavailable(name, err instanceof Error ? err : new Error(String(err)), req, res));
      };

      return (req, res) => {
        const onFreshConnection = !IDEMPOTENT_METHODS.has(req.method ?? '');
        // A request without a body (most GETs) goes on at once.
        if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
          send(req, res, { body: NO_BODY, answered: false, onFreshConnection });
          return;
        }
        // The whole body first (API bodies are small JSON), so the request can be sent again.
        getRawBody(req, { limit: MAX_BODY_BYTES }).then(
          (body) => send(req, res, { body, answered: false, onFreshConnection }),
          (err: Error & { status?: number }) => {
            if (res.headersSent || res.destroyed) return;
            const status = err.status === 413 ? 413 : 400;
            // The rest of the body is read and dropped first, as body-parser does: closing on a client
            // still sending would reset the connection before it read the answer.
            req.resume();
            finished(req, () => {
              if (res.headersSent || res.destroyed) return;
              res
                .writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' })
                .end(JSON.stringify({ message: status === 413 ? Messages.payloadTooLarge : Messages.unreadableBody }));
            });
          },
        );
      };
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function answerUnavailable(upstream: string, err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse): void {
  if (res.destroyed) return;
  req.log?.warn({ upstream, code: err.code, err: err.message }, 'upstream unavailable');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': RETRY_AFTER_SECONDS })
    .end(JSON.stringify({ message: Messages.serviceUnavailable }));
}
