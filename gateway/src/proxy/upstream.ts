import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import https from 'node:https';
import { finished } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { Messages } from '@altmed/contracts';
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
 * A node:http proxy per upstream, all sharing keep-alive connections (POST and PATCH each on a
 * connection of its own, see IDEMPOTENT_METHODS). Request bodies are read whole
 * (at most 1 MB) and answers streamed, neither parsed; a refused, failed or timed-out upstream answers 503 `{ message }` with Retry-After.
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

        let upstream: http.ClientRequest | undefined;
        // A client that leaves stops the upstream request; its socket is not reused.
        res.on('close', () => {
          if (!res.writableFinished) upstream?.destroy();
        });

        const send = (body: Buffer, onFreshConnection: boolean) => {
          if (body.length > 0 || headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
          let answered = false;
          upstream = client.request({
            protocol: url.protocol,
            hostname: url.hostname,
            port: url.port,
            method: req.method,
            path: basePath + req.url,
            headers,
            agent: onFreshConnection ? false : agent,
          });
          const request = upstream;
          request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
          request.on('error', (err: Error & { code?: string }) => {
            // The upstream closed a kept-alive connection as this request went out on it (it closes idle
            // ones when it stops, for a redeploy). Once more, on a new connection: only idempotent
            // requests come here, which a service may see twice.
            if (!answered && !onFreshConnection && request.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !res.destroyed) {
              send(body, true);
              return;
            }
            answerUnavailable(name, err, req, res);
          });
          request.on('response', (answer) => {
            answered = true;
            answer.on('error', () => res.destroy());
            const forward = () => {
              res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
              answer.pipe(res);
            };
            // Most API answers are small and say so in Content-Length: they skip the compression layer altogether.
            const length = Number(answer.headers['content-length']);
            if (compress && !(length < COMPRESS_FROM_BYTES)) compress(req, res, forward);
            else forward();
          });
          request.end(body);
        };

        // The whole body first (API bodies are small JSON), so the request can be sent again.
        getRawBody(req, { limit: MAX_BODY_BYTES }).then(
          (body) => send(body, !IDEMPOTENT_METHODS.has(req.method ?? '')),
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
