import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  /** A Node.js child only: opens an IPC channel, which closes when this process dies however it dies (see testing/exit-with-parent.mjs). */
  ipc?: boolean;
  /** The child's standard input is a pipe this process holds and never writes: it ends when this process dies, however it dies. */
  stdinPipe?: boolean;
}

const exits = new WeakMap<ChildProcess, Promise<ProcessExit>>();
const running = new Set<ChildProcess>();

// Last resort when this process exits without stopping its children (an uncaught error, process.exit()).
process.on('exit', () => {
  for (const child of running) signalGroup(child, 'SIGTERM');
});

/** Starts a long-running program in its own process group (so a terminal's Ctrl-C reaches only us and we stop it in order), output appended to `logFile`. */
export function spawnLoggedToFile(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const fd = openLog(options.logFile, `${command} ${args.join(' ')}`);
  try {
    const stdin = options.stdinPipe ? 'pipe' : 'ignore';
    const stdio: StdioOptions = options.ipc ? [stdin, fd, fd, 'ipc'] : [stdin, fd, fd];
    return track(spawn(command, args, { cwd: options.cwd, env: options.env, stdio, detached: true }));
  } finally {
    fs.closeSync(fd);
  }
}

/** Like spawnLoggedToFile, and also echoes each output line as `[name] line` when `echo` is set and hands it to `onLine`. */
export function spawnWithPrefixedOutput(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { echo: boolean; onLine?: (line: string) => void },
): ChildProcess {
  const logFd = openLog(options.logFile, `${command} ${args.join(' ')}`);
  const child = track(spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
  let openStreams = 2;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      fs.writeSync(logFd, `${line}\n`);
      if (options.echo) console.log(`[${name}] ${line}`);
      options.onLine?.(line);
    });
    lines.on('close', () => {
      if (--openStreams === 0) fs.closeSync(logFd);
    });
  }
  return child;
}

export function exitOf(child: ChildProcess): Promise<ProcessExit> {
  const exit = exits.get(child);
  if (!exit) throw new Error('exitOf() needs a child started by this module');
  return exit;
}

export function hasExited(child: ChildProcess): boolean {
  return !running.has(child);
}

/** SIGTERM to the child's process group, SIGKILL if it has not exited after `timeoutMs`. */
export async function stopProcess(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (hasExited(child)) return;
  signalGroup(child, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const result = await Promise.race([exitOf(child), timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    signalGroup(child, 'SIGKILL');
    await exitOf(child);
  }
}

export function describeExit(exit: ProcessExit): string {
  if (exit.error) return `failed to start: ${exit.error.message}`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** Runs a command to completion with inherited or ignored output; rejects unless it exits with 0. */
export async function runCommand(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<void> {
  const child = track(spawn(command, args, { cwd: options.cwd, env: options.env, stdio: options.quiet ? 'ignore' : 'inherit' }));
  const exit = await exitOf(child);
  if (exit.code !== 0) throw new Error(`\`${command} ${args.join(' ')}\` ${describeExit(exit)}`);
}

/**
 * SIGKILL to a process and everything it started, however they regrouped (`su` puts its child in a
 * session of its own, out of reach of a signal to the process group).
 */
export function killProcessTree(pid: number): void {
  const children = new Map<number, number[]>();
  const listing = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  for (const line of listing.split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    if (child && parent) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree: number[] = [];
  for (let pending = [pid]; pending.length > 0;) {
    const next = pending.pop()!;
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  for (const member of tree) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Whether a process with this pid exists (one of another user's counts). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  exits.set(
    child,
    new Promise((resolve) => {
      child.once('error', (error) => {
        running.delete(child);
        resolve({ code: null, signal: null, error });
      });
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve({ code, signal });
      });
    }),
  );
  return child;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function openLog(logFile: string, commandLine: string): number {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = fs.openSync(logFile, 'a');
  fs.writeSync(fd, `\n--- ${new Date().toISOString()} ${commandLine}\n`);
  return fd;
}
