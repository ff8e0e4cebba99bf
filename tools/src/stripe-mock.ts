import path from 'node:path';
import { ensureGoTool } from './go-tools';
import { describeExit, exitOf, spawnWithPrefixedOutput, stopProcess } from './processes';
import { defaultDataDir, logsDirOf } from './paths';

export const STRIPE_MOCK_VERSION = 'v0.203.0';
export const STRIPE_MOCK_MODULE = `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`;

/** Returns a working stripe-mock (Stripe's server that validates requests against its OpenAPI specification), building it into .tools/bin on first use. */
export function ensureStripeMock(log: (message: string) => void = (message) => console.log(`[stripe-mock] ${message}`)): Promise<string> {
  return ensureGoTool({ name: 'stripe-mock', module: STRIPE_MOCK_MODULE, versionArgs: ['-version'] }, log);
}

export interface RunningStripeMock {
  /** http://127.0.0.1:PORT, for the SDK's host/port/protocol or STRIPE_API_URL. */
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts stripe-mock on a loopback port the system picks (HTTP; its HTTPS listener, which it opens
 * unless told where, goes to another picked port) and answers its URL once it listens.
 */
export async function startStripeMock(options: { log?: (message: string) => void } = {}): Promise<RunningStripeMock> {
  const binary = await ensureStripeMock(options.log);
  let listening: (port: number) => void = () => {};
  const listened = new Promise<number>((resolve) => (listening = resolve));
  const child = spawnWithPrefixedOutput('stripe-mock', binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], {
    logFile: path.join(logsDirOf(defaultDataDir), 'stripe-mock.log'),
    echo: false,
    onLine: (line) => {
      const match = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(line);
      if (match) listening(Number(match[1]));
    },
  });
  const first = await Promise.race([listened, exitOf(child).then(describeExit)]);
  if (typeof first === 'string') throw new Error(`stripe-mock ${first} before it listened; see .data/logs/stripe-mock.log`);
  const port = first;
  return { url: `http://127.0.0.1:${port}`, port, stop: () => stopProcess(child) };
}
