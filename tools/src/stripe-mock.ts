import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeExit, exitOf, runCommand, spawnWithPrefixedOutput, stopProcess } from './processes';
import { defaultDataDir, logsDirOf, toolsBinDir } from './paths';

const execFileAsync = promisify(execFile);
export const STRIPE_MOCK_VERSION = 'v0.203.0';
export const STRIPE_MOCK_MODULE = `github.com/stripe/stripe-mock@${STRIPE_MOCK_VERSION}`;
export const stripeMockBinary = path.join(toolsBinDir, 'stripe-mock');

/** Returns a working stripe-mock (Stripe's server that validates requests against its OpenAPI specification), building it into .tools/bin on first use. */
export async function ensureStripeMock(log: (message: string) => void = (message) => console.log(`[stripe-mock] ${message}`)): Promise<string> {
  if (await isWorking(stripeMockBinary)) return stripeMockBinary;
  log(`stripe-mock is not built yet: building it into ${stripeMockBinary} (go install ${STRIPE_MOCK_MODULE}, about a minute)`);
  fs.mkdirSync(toolsBinDir, { recursive: true });
  await runCommand('go', ['install', STRIPE_MOCK_MODULE], { env: { ...process.env, GOTOOLCHAIN: 'local', GOBIN: toolsBinDir }, quiet: true }).catch(
    (error: Error) => {
      throw new Error(`could not build stripe-mock (needs Go and the Go module proxy): ${error.message}; .ci/run installs it`);
    },
  );
  if (!(await isWorking(stripeMockBinary))) throw new Error(`go install ${STRIPE_MOCK_MODULE} finished but ${stripeMockBinary} -version does not work`);
  return stripeMockBinary;
}

async function isWorking(binary: string): Promise<boolean> {
  try {
    await execFileAsync(binary, ['-version']);
    return true;
  } catch {
    return false;
  }
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
