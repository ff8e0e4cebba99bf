import { throughEdge, traceparentParts } from './test/edge-request';

// No request sampled: read before the tracing module loads (it reads its settings once).
process.env.OTEL_TRACES_SAMPLER = 'parentbased_always_off';

it('passes "not sampled" on for a request the sampler leaves out, and handles it outside any span', async () => {
  const { startTracing, traceEdgeRequest } = await import('./tracing');
  startTracing({ service: 'edge-test', edge: true });
  const { upstreamHeaders, activeSpan } = await throughEdge(traceEdgeRequest);

  // The services follow the edge's decision (their samplers are parent-based): nothing of this request is kept.
  expect(traceparentParts(upstreamHeaders.traceparent)).toMatchObject({ flags: '00' });
  expect(traceparentParts(upstreamHeaders.traceparent)!.traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
  expect(upstreamHeaders.tracestate).toBeUndefined();
  expect(activeSpan).toBeUndefined();
});
