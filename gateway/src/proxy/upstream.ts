import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware';
import { Messages } from '@altmed/contracts';

export interface UpstreamPool {
  proxyTo: (name: string, target: string) => RequestHandler;
  close: () => void;
}

/**
 * Proxies that share keep-alive connections to their upstreams. Bodies are streamed, never
 * parsed; a refused, failed or timed-out upstream answers 503 `{ message }`.
 */
export function upstreamPool({ timeoutMs }: { timeoutMs: number }): UpstreamPool {
  // Idle sockets are dropped before the services' 65 s keep-alive timeout can close them under a request.
  const agents = { http: new http.Agent({ keepAlive: true, timeout: 60_000 }), https: new https.Agent({ keepAlive: true, timeout: 60_000 }) };

  return {
    proxyTo(name, target) {
      return createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        agent: target.startsWith('https:') ? agents.https : agents.http,
        xfwd: true,
        proxyTimeout: timeoutMs,
        // The default error plugin answers 504 with a text body; this one answers the contract's JSON.
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        on: {
          proxyReq: (proxyReq, req) => {
            if (typeof req.id === 'string') proxyReq.setHeader('x-request-id', req.id);
            // Replaces whatever X-Forwarded-For the client sent: services trust exactly this hop,
            // so the address they rate-limit on is the one the gateway saw (or its trusted ingress named).
            const clientIp = (req as IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress;
            if (clientIp) proxyReq.setHeader('x-forwarded-for', clientIp);
            // Hop-by-hop: a client's `Connection: close` must not close the pooled upstream connection.
            proxyReq.removeHeader('connection');
          },
          error: (err, req, res) => answerUnavailable(name, err, req, res),
        },
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function answerUnavailable(upstream: string, err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket): void {
  req.log?.warn({ upstream, code: err.code, err: err.message }, 'upstream unavailable');
  if (!('writeHead' in res) || res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: Messages.serviceUnavailable }));
}
