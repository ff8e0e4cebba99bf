import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import type { traceEdgeRequest as TraceEdgeRequest } from '../tracing';

/** What one request through the edge showed: the headers the upstream got, and the span active while it was handled. */
export interface ThroughEdge {
  upstreamHeaders: IncomingHttpHeaders;
  activeSpan: ReturnType<typeof trace.getActiveSpan>;
}

/**
 * Sends one request with a client's own trace context to a gateway-like server that traces it with
 * `traceEdgeRequest` (route `/api/things`) and passes it, headers and all, to an upstream that records them.
 */
export async function throughEdge(traceEdgeRequest: typeof TraceEdgeRequest): Promise<ThroughEdge> {
  let upstreamHeaders: IncomingHttpHeaders = {};
  const upstream = http.createServer((req, res) => {
    upstreamHeaders = req.headers;
    res.end('ok');
  });
  let activeSpan: ThroughEdge['activeSpan'];
  let answered: Promise<unknown> | undefined;
  const edge = http.createServer((req, res) =>
    traceEdgeRequest(req, res, '/api/things', () => {
      activeSpan = trace.getActiveSpan();
      // After the edge's own listener (registered first): its span has ended when this resolves.
      answered = once(res, 'close');
      const { port } = upstream.address() as AddressInfo;
      http.request({ port, path: '/things', headers: req.headers }, (answer) => answer.pipe(res)).end();
    }),
  );
  try {
    await Promise.all([once(upstream.listen(0, '127.0.0.1'), 'listening'), once(edge.listen(0, '127.0.0.1'), 'listening')]);
    const { port } = edge.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/api/things`, {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=chosen-by-the-client' },
    });
    await answer.text();
    await answered;
    return { upstreamHeaders, activeSpan };
  } finally {
    edge.close();
    upstream.close();
  }
}

/** The parts of a W3C traceparent. */
export function traceparentParts(header: string | string[] | undefined): { traceId: string; spanId: string; flags: string } | undefined {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(String(header));
  return match ? { traceId: match[1]!, spanId: match[2]!, flags: match[3]! } : undefined;
}
