import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import { z } from 'zod';
import { MAX_TRACESTATE_LENGTH } from '@altmed/contracts';

/**
 * OpenTelemetry traces for a Node unit. The instrumentations (http, express, mongodb, amqplib,
 * undici, pino) patch their modules as they are first required, so this module is the first thing
 * service-kit's entry point loads, and it registers them as it loads; `startTracing` then makes
 * the tracer provider that names the unit. The standard variables configure it:
 * `OTEL_SDK_DISABLED=true` turns tracing off (nothing registers), `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is where spans go over OTLP/HTTP (without it spans are
 * made, so logs and events carry trace ids, but kept nowhere), `OTEL_TRACES_SAMPLER` and
 * `OTEL_TRACES_SAMPLER_ARG` choose which traces are kept (by default `parentbased_traceidratio` at
 * `DEFAULT_SAMPLE_RATIO`: one trace in ten where a request starts, and a caller's decision followed
 * where one is passed on), `OTEL_BSP_SCHEDULE_DELAY` how often spans are sent. A setting it cannot
 * read turns tracing off with a warning: the unit's work never depends on its traces.
 */
const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

const tracingEnv = tracingEnvSchema.safeParse(process.env);
const tracingOn = process.env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && tracingEnv.success;

/** The share of traces kept where no sampler is configured: what the gateway's bench holds to its cost objective. */
export const DEFAULT_SAMPLE_RATIO = 0.1;

function samplerOf(name = 'parentbased_traceidratio', ratio = DEFAULT_SAMPLE_RATIO): Sampler {
  const root = name.endsWith('always_on') ? new AlwaysOnSampler() : name.endsWith('always_off') ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** Requests that are not a user's (probes and scrapes): no trace, no access log line. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);
const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0] ?? '/';

/**
 * What the http instrumentation would record of a person, left out: the caller's address and
 * browser, and query strings (a search for a member's email or name).
 */
const withoutPersonalData = { 'client.address': undefined, 'user_agent.original': undefined, 'url.query': undefined };

const httpInstrumentation = tracingOn
  ? new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => PROBE_PATHS.has(pathOf(req.url)),
      startIncomingSpanHook: () => withoutPersonalData,
      startOutgoingSpanHook: (options) => ({
        ...withoutPersonalData,
        'url.full': `${options.protocol ?? 'http:'}//${options.hostname ?? options.host ?? ''}${options.port ? `:${options.port}` : ''}${pathOf(options.path ?? '/')}`,
      }),
      // Calls made outside any request or event (status probes, the exporter's own) start no trace.
      requireParentforOutgoingSpans: true,
    })
  : undefined;

// Trace ids on log lines; the lines themselves go to stdout only, not through OpenTelemetry's logs.
const pinoInstrumentation = tracingOn ? new PinoInstrumentation({ disableLogSending: true }) : undefined;

if (tracingOn) {
  registerInstrumentations({
    instrumentations: [
      httpInstrumentation!,
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // Statements only: no values of a query (emails, names) reach a span. The outbox relay's and
      // the read models' polling outside any request make no traces.
      new MongoDBInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new AmqplibInstrumentation(),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      pinoInstrumentation!,
    ],
  });
}

/**
 * The gateway is where requests come from outside: it starts a trace of its own for each, whatever
 * `traceparent` a client sends (a client must not choose what is sampled or join another's trace),
 * and passes its own on to the services.
 */
class OutgoingTraceContextOnly extends W3CTraceContextPropagator {
  override extract(current: Context): Context {
    return current;
  }
}

let provider: NodeTracerProvider | undefined;

export interface TracingOptions {
  /** The unit's name, as spans and metrics name it (`gateway`, `svc-identity`…). */
  service: string;
  /** Whether the unit takes requests from outside (the gateway): it traces them itself (traceEdgeRequest), ignoring a client's trace context. */
  edge?: boolean;
}

/** Starts sending the unit's spans (see the module's comment); a second call changes nothing. */
export function startTracing({ service, edge = false }: TracingOptions): void {
  if (!tracingEnv.success) {
    console.warn(`${service}: tracing is off, its settings are invalid: ${z.prettifyError(tracingEnv.error).replaceAll('\n', ' ')}`);
    return;
  }
  if (!httpInstrumentation || provider) return;
  const { OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG } = tracingEnv.data;
  const spanProcessors: SpanProcessor[] =
    OTEL_EXPORTER_OTLP_ENDPOINT || OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [];
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }),
    sampler: samplerOf(OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG),
    spanProcessors,
  });
  provider.register({ propagator: edge ? new OutgoingTraceContextOnly() : new W3CTraceContextPropagator() });
  if (edge) {
    // The edge starts each request's trace itself (traceEdgeRequest). The instrumentation's own server and
    // client spans cost every request, sampled or not, a context bound to each of its emitters: in the
    // gateway's bench they doubled the CPU of a proxied request (docs/decisions.md, Traces).
    httpInstrumentation.disable();
    httpInstrumentation.setConfig({
      ...httpInstrumentation.getConfig(),
      disableIncomingRequestInstrumentation: true,
      disableOutgoingRequestInstrumentation: true,
    });
    httpInstrumentation.enable();
    // Its log lines carry the edge span's ids through the request's logger instead (edgeLogFieldsOf).
    pinoInstrumentation!.setConfig({ ...pinoInstrumentation!.getConfig(), disableLogCorrelation: true });
    edgeTracing = true;
  }
}

/** Whether this unit is the edge and traces its requests itself (startTracing with `edge`). */
let edgeTracing = false;
const edgeTracer = trace.getTracer('@altmed/service-kit/edge');
const TRACE_CONTEXT_HEADERS = ['traceparent', 'tracestate'] as const;
const edgeSpans = new WeakMap<IncomingMessage, Span>();

/**
 * The edge's trace of a request from outside, for the gateway (tracing started with `edge`): a server
 * span of its own named by the method and route pattern (`POST /api/users/signup`), whatever trace context the client sent. Its W3C trace context
 * replaces the client's on the request, so the proxy passes it on and the service's spans are its
 * children; a request the sampler leaves out passes on "not sampled" and costs a few ids, nothing
 * more. `handle` runs inside the span when it is recorded: start the request's access log in it, and
 * the request id (requestIdFor) and its log lines' trace ids (edgeLogFieldsOf) are the span's. Without
 * edge tracing the client's trace headers are only dropped.
 */
export function traceEdgeRequest(req: IncomingMessage, res: ServerResponse, route: string, handle: () => void): void {
  dropClientTraceContext(req);
  if (!edgeTracing) return handle();
  const span = edgeTracer.startSpan(`${req.method ?? 'GET'} ${route}`, {
    kind: SpanKind.SERVER,
    root: true,
    attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_HTTP_ROUTE]: route, [ATTR_URL_PATH]: pathOf(req.url) },
  });
  const spanContext = trace.setSpan(ROOT_CONTEXT, span);
  propagation.inject(spanContext, req.headers);
  res.once('close', () => {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
    if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  if (!span.isRecording()) return handle();
  edgeSpans.set(req, span);
  context.with(spanContext, handle);
}

/** Drops the trace context a client sent: a client must not choose what is sampled or join another's trace. */
export function dropClientTraceContext(req: IncomingMessage): void {
  for (const header of TRACE_CONTEXT_HEADERS) delete req.headers[header];
}

/** The trace fields of an edge request's log line (its access log is written when the answer ends, outside the span). */
export function edgeLogFieldsOf(req: IncomingMessage): Record<string, string> | undefined {
  const spanContext = edgeSpans.get(req)?.spanContext();
  return spanContext && { trace_id: spanContext.traceId, span_id: spanContext.spanId, trace_flags: `0${spanContext.traceFlags.toString(16)}` };
}

/** How long the last spans may take to leave as the process ends (its whole shutdown has 10 s). */
const FLUSH_AT_EXIT_MS = 2_000;

/** Sends the spans not sent yet, within `FLUSH_AT_EXIT_MS`, and stops; call as the process ends. */
export async function stopTracing(): Promise<void> {
  const stopping = provider?.shutdown().catch(() => undefined);
  provider = undefined;
  await Promise.race([stopping, new Promise((resolve) => setTimeout(resolve, FLUSH_AT_EXIT_MS).unref())]);
}

/** The W3C trace context of the current span, to keep with work that runs later (an event in the outbox). */
export function currentTraceContext(): { traceparent?: string; tracestate?: string } {
  const carrier: { traceparent?: string; tracestate?: string } = {};
  propagation.inject(context.active(), carrier);
  // A caller's long tracestate is not worth keeping with the event (the envelope holds 512 characters).
  if (carrier.tracestate !== undefined && carrier.tracestate.length > MAX_TRACESTATE_LENGTH) delete carrier.tracestate;
  return carrier;
}

/** Runs `work` in the trace whose context was kept (`currentTraceContext`), or outside any trace if none was. */
export function inTraceOf<T>(kept: { traceparent?: string; tracestate?: string }, work: () => T): T {
  return context.with(propagation.extract(ROOT_CONTEXT, kept), work);
}

/** Runs `work` outside any trace: a timer or loop it starts (a poll) is not part of the request that happened to start it. */
export function outsideAnyTrace<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, work);
}

const tracer = trace.getTracer('@altmed/service-kit');

/**
 * Runs `work` in a span of its own, a call to a server no instrumentation covers (SMTP). A failure
 * marks the span with the error's code or class only: a server's reply can name a person.
 */
export async function inClientSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | undefined)?.code;
      span.setAttribute(ATTR_ERROR_TYPE, typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown');
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
