import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { Messages } from '@altmed/contracts';

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

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = headers[name];
  }
  return kept;
}

/**
 * A node:http proxy per upstream, all sharing keep-alive connections. Bodies are streamed both ways,
 * never parsed; a refused, failed or timed-out upstream answers 503 `{ message }` with Retry-After.
 * The upstream learns the request id and the client's address (replacing whatever the client sent:
 * services rate-limit on it) and nothing about the client's own connection.
 */
export function upstreamPool({ timeoutMs, clientAddress }: { timeoutMs: number; clientAddress: (req: IncomingMessage) => string }): UpstreamPool {
  // Idle sockets are dropped before the services' 65 s keep-alive timeout can close them under a request.
  const agents = { http: new http.Agent({ keepAlive: true, timeout: 60_000 }), https: new https.Agent({ keepAlive: true, timeout: 60_000 }) };

  return {
    proxyTo(name, target, { compress } = {}) {
      const url = new URL(target);
      const client = url.protocol === 'https:' ? https : http;
      const agent = url.protocol === 'https:' ? agents.https : agents.http;
      const basePath = url.pathname.replace(/\/$/, '');
      return (req, res) => {
        const headers = endToEnd(req.headers);
        if (typeof req.id === 'string') headers['x-request-id'] = req.id;
        headers['x-forwarded-for'] = clientAddress(req);
        headers['x-forwarded-proto'] = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
        if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;

        const upstream = client.request({
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          method: req.method,
          path: basePath + req.url,
          headers,
          agent,
        });
        upstream.setTimeout(timeoutMs, () => upstream.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
        upstream.on('error', (err: Error & { code?: string }) => answerUnavailable(name, err, req, res));
        upstream.on('response', (answer) => {
          answer.on('error', () => res.destroy());
          const send = () => {
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
            answer.pipe(res);
          };
          // Most API answers are small and say so in Content-Length: they skip the compression layer altogether.
          const length = Number(answer.headers['content-length']);
          if (compress && !(length < COMPRESS_FROM_BYTES)) compress(req, res, send);
          else send();
        });
        // A client that leaves stops the upstream request; its socket is not reused.
        res.on('close', () => {
          if (!res.writableFinished) upstream.destroy();
        });
        req.pipe(upstream);
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
