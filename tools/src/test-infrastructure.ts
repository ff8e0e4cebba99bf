import { execFile } from 'node:child_process';
import { startLocalStack, type LocalStack } from './index';

export type TestInfrastructure = 'containers' | 'local-stack';

export interface TestInfrastructureChoice {
  kind: TestInfrastructure;
  reason: string;
}

/** Answers whether a Docker engine responds, e.g. dockerEngineAnswers below. */
export type DockerProbe = () => Promise<boolean>;

/**
 * Where a test run's servers come from: containers (MongoDB 8.0, RabbitMQ 4.4, maildev, MinIO through
 * testcontainers) when a Docker engine answers, otherwise the local stack. TEST_INFRASTRUCTURE
 * (`containers` or `local-stack`) decides instead of the probe.
 */
export async function chooseTestInfrastructure(env: NodeJS.ProcessEnv, probe: DockerProbe): Promise<TestInfrastructureChoice> {
  const chosen = env.TEST_INFRASTRUCTURE;
  if (chosen === 'containers' || chosen === 'local-stack') return { kind: chosen, reason: `TEST_INFRASTRUCTURE=${chosen}` };
  if (chosen) throw new Error(`TEST_INFRASTRUCTURE must be containers or local-stack, not ${chosen}`);
  return (await probe()) ? { kind: 'containers', reason: 'a Docker engine answers' } : { kind: 'local-stack', reason: 'no Docker engine answers' };
}

/** True when `docker info` reaches an engine (the client follows DOCKER_HOST and the current context) within `timeoutMs`. */
export function dockerEngineAnswers(timeoutMs = 10_000): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: timeoutMs }, (error, stdout) => resolve(!error && stdout.trim() !== ''));
  });
}

/**
 * The servers of one test run, isolated from a site running beside it: containers of its own, or
 * the local stack with a vhost, an inbox and an S3 server of its own (startLocalStack's forTests).
 * testcontainers is loaded only when containers are chosen.
 */
export async function startTestStack(
  options: { env?: NodeJS.ProcessEnv; log?: (message: string) => void; handleSignals?: boolean; probe?: DockerProbe } = {},
): Promise<LocalStack> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((message: string) => console.log(`[test-stack] ${message}`));
  const choice = await chooseTestInfrastructure(env, options.probe ?? (() => dockerEngineAnswers()));
  log(`servers for this run: ${choice.kind} (${choice.reason})`);
  if (choice.kind === 'local-stack') return startLocalStack({ env, log, handleSignals: options.handleSignals, forTests: true });
  const { startContainerStack } = await import('./containers');
  return startContainerStack({ env, log });
}
