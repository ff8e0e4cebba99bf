import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { throughEdge, traceparentParts } from './test/edge-request';

// Every request sampled: read before the tracing module loads (it reads its settings once).
process.env.OTEL_TRACES_SAMPLER = 'parentbased_always_on';

it('starts a trace of its own for a sampled request, named by its route, and passes that trace on instead of the client’s', async () => {
  const { startTracing, traceEdgeRequest } = await import('./tracing');
  startTracing({ service: 'edge-test', edge: true });
  const { upstreamHeaders, activeSpan } = await throughEdge(traceEdgeRequest);

  const passedOn = traceparentParts(upstreamHeaders.traceparent);
  expect(passedOn).toMatchObject({ flags: '01' });
  expect(passedOn!.traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
  expect(upstreamHeaders.tracestate).toBeUndefined();
  // The service's span will be a child of the edge's server span, the root of the trace.
  expect(activeSpan?.spanContext()).toMatchObject({ traceId: passedOn!.traceId, spanId: passedOn!.spanId });
  const span = activeSpan as unknown as ReadableSpan;
  expect(span.name).toBe('GET /api/things');
  expect(span.parentSpanContext).toBeUndefined();
  expect(span.attributes).toMatchObject({ 'http.route': '/api/things', 'http.request.method': 'GET', 'url.path': '/api/things' });
  expect(span.ended).toBe(true);
  expect(span.attributes['http.response.status_code']).toBe(200);
});
