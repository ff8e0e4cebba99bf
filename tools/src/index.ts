import fs from 'node:fs';
import { startMaildev } from './maildev';
import { startMongo } from './mongo';
import type { LocalStackPorts, PartContext, RunningPart } from './parts';
import { defaultDataDir, logsDirOf } from './paths';
import { startRabbitmq } from './rabbitmq';
import { startS3 } from './s3';
import { startStripeEmulator } from './stripe';

export type { LocalStackPorts } from './parts';

export interface LocalStack {
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export interface LocalStackOptions {
  /** Where overrides (MONGO_URL, AMQP_URL, SMTP_URL, S3_ENDPOINT, STRIPE_API_URL…) are read from. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  ports?: Partial<LocalStackPorts>;
  /** Default: <repo>/.data */
  dataDir?: string;
  log?: (message: string) => void;
  /** On SIGINT/SIGTERM stop what was started, then exit. Default true; pass false when the caller stops the stack itself. */
  handleSignals?: boolean;
  /**
   * A test run's stack, beside a site the developer may be running: a RabbitMQ node of its own
   * (stopped by stop()), an SMTP sink and inbox of its own and an S3 server of its own on free ports.
   * MongoDB is shared: every test uses databases of its own. Servers named by the environment are
   * used as given, except that a RabbitMQ on this machine still gets a vhost of its own.
   */
  forTests?: boolean;
}

/** Set in a test stack's env, so a jest run inside `npm test` uses the stack it was given instead of making another. */
export const TEST_STACK_MARKER = 'ALTMED_TEST_STACK';

export const defaultPorts: LocalStackPorts = { mongo: 27017, amqp: 5672, smtp: 1025, maildevWeb: 1080, s3: 4569, stripe: 12111 };

const partStarters = [startMongo, startRabbitmq, startMaildev, startS3, startStripeEmulator];

/** Brings up on loopback whatever part of the local stack is not already answering; stop() stops only those. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = options.dataDir ?? defaultDataDir;
  const context: PartContext = {
    env: options.env ?? process.env,
    ports: { ...defaultPorts, ...options.ports },
    dataDir,
    logsDir: logsDirOf(dataDir),
    log: options.log ?? ((message) => console.log(`[local-stack] ${message}`)),
    forTests: options.forTests ?? false,
  };
  fs.mkdirSync(context.logsDir, { recursive: true });

  const results = await Promise.allSettled(partStarters.map((start) => start(context)));
  const parts = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
  if (failures.length > 0) {
    await stopParts(parts, context.log);
    throw new Error(`the local stack could not start: ${failures.map((error) => error.message).join('; ')}`);
  }

  let stopping: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    context.log(`${signal}: stopping the local stack`);
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const stop = () =>
    (stopping ??= (async () => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      await stopParts(parts, context.log);
    })());
  if (options.handleSignals ?? true) process.on('SIGINT', onSignal).on('SIGTERM', onSignal);

  const env = Object.assign({}, ...parts.map((part) => part.env)) as Record<string, string>;
  if (context.forTests) env[TEST_STACK_MARKER] = '1';
  return { env, stop };
}

async function stopParts(parts: RunningPart[], log: (message: string) => void): Promise<void> {
  const results = await Promise.allSettled(parts.map((part) => part.stop()));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log(`could not stop ${parts[index]?.name}: ${(result.reason as Error).message}`);
  });
}
