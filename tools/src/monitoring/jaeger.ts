import fs from 'node:fs';
import path from 'node:path';
import { ensureGoTool, type GoTool } from '../go-tools';
import { httpStatus, waitUntil } from '../net';
import { describeExit, exitOf, hasExited, spawnLoggedToFile, stopProcess } from '../processes';

/** Jaeger v2's all-in-one (an OpenTelemetry Collector with Jaeger's storage and UI), built with Go: about 8 minutes the first time. */
export const JAEGER: GoTool = {
  name: 'jaeger',
  module: 'github.com/jaegertracing/jaeger/cmd/jaeger@v1.76.0',
  moduleRoot: 'github.com/jaegertracing/jaeger',
  versionArgs: ['version'],
};

export interface JaegerPorts {
  /** OTLP over HTTP: where the units send spans (`OTEL_EXPORTER_OTLP_ENDPOINT`). */
  otlp: number;
  /** The UI and its HTTP API (`/api/traces`). */
  ui: number;
  /** The query service's gRPC API (unused here, but it listens). */
  queryGrpc: number;
  /** The health check (`/status`). */
  health: number;
}

export const defaultJaegerPorts: JaegerPorts = { otlp: 4318, ui: 16686, queryGrpc: 16685, health: 13133 };
/** A test run's, beside a developer's `npm start`. */
export const testJaegerPorts: JaegerPorts = { otlp: 14318, ui: 16696, queryGrpc: 16695, health: 13143 };

export interface RunningJaeger {
  /** The UI. */
  url: string;
  /** What the units' `OTEL_EXPORTER_OTLP_ENDPOINT` is. */
  otlpEndpoint: string;
  stop: () => Promise<void>;
}

/** Receives OTLP over HTTP only, keeps the last 10,000 traces in memory, and listens on 127.0.0.1 alone. */
export function jaegerConfig(ports: JaegerPorts): string {
  const on = (port: number) => JSON.stringify(`127.0.0.1:${port}`);
  return `service:
  extensions: [jaeger_storage, jaeger_query, healthcheckv2]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    traces:
      level: none
    logs:
      level: warn
extensions:
  jaeger_storage:
    backends:
      memory_store:
        memory:
          max_traces: 10000
  jaeger_query:
    storage:
      traces: memory_store
    # Its own queries are not traced (it would send them to :4317, where nothing listens).
    enable_tracing: false
    http:
      endpoint: ${on(ports.ui)}
    grpc:
      endpoint: ${on(ports.queryGrpc)}
  healthcheckv2:
    use_v2: true
    http:
      endpoint: ${on(ports.health)}
receivers:
  otlp:
    protocols:
      http:
        endpoint: ${on(ports.otlp)}
processors:
  batch:
    timeout: 1s
exporters:
  jaeger_storage_exporter:
    trace_storage: memory_store
`;
}

/**
 * Jaeger on 127.0.0.1, its configuration in `dataDir`. `npm start` runs one
 * beside the site; a test run starts one for the browser journeys, which follow a sign-up's trace.
 */
export async function startJaeger(options: { ports: JaegerPorts; dataDir: string; logFile: string; log?: (message: string) => void }): Promise<RunningJaeger> {
  const binary = await ensureGoTool(JAEGER, options.log);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'jaeger.yaml');
  fs.writeFileSync(configFile, jaegerConfig(options.ports));
  const { logFile } = options;
  const child = spawnLoggedToFile(binary, ['--config', `file:${configFile}`], {
    logFile,
    env: process.env,
  });
  await waitUntil(
    'Jaeger',
    async () => {
      if (hasExited(child)) throw new Error(`Jaeger ${describeExit(await exitOf(child))}; see ${logFile}`);
      return (await httpStatus(`http://127.0.0.1:${options.ports.health}/status`)) === 200;
    },
    60_000,
  ).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  return { url: `http://127.0.0.1:${options.ports.ui}`, otlpEndpoint: `http://127.0.0.1:${options.ports.otlp}`, stop: () => stopProcess(child) };
}
