import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts, isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop } from './parts';
import { describeExit, exitOf, hasExited, isProcessAlive, killProcessTree, runCommand, spawnLoggedToFile, stopProcess } from './processes';

const testVhostPrefix = 'altmed-test-';
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The developer's stack uses the machine's RabbitMQ server, starting it when nothing answers on the
 * AMQP port. A test run's stack starts a RabbitMQ node of its own (`startOwnNode`), so the running
 * site's consumers never see the run's events (and the other way round), and the run does not
 * depend on how the machine's node was started. A server named by AMQP_URL is used instead: on this
 * machine with a vhost of the run's own, which stop() deletes.
 */
export async function startRabbitmq(context: PartContext): Promise<RunningPart> {
  if (context.forTests && !context.env.AMQP_URL) {
    if (fs.existsSync(RABBITMQ_SERVER)) return startOwnNode(context);
    context.log(`RabbitMQ: ${RABBITMQ_SERVER} is missing (not Debian's package): this run uses the server on the AMQP port with a vhost of its own`);
  }
  const server = await useOrStartServer(context);
  if (!context.forTests) return server;
  const isolated = await createTestVhost(server.env.AMQP_URL!, context.log);
  return {
    name: server.name,
    env: { AMQP_URL: isolated.url },
    stop: async () => {
      await isolated.remove();
      await server.stop();
    },
  };
}

/** Where Debian's package keeps the server script that runs the node in the foreground, as the calling user. */
const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
const EPMD_PORT = 4369;
/** Open files the run's node asks for, at most (a few hundred quorum queues need thousands; Erlang sizes tables by it). */
const NODE_OPEN_FILES = 65_536;
const NODE_DIR_PREFIX = 'altmed-rabbitmq-';
/**
 * How often the node's quorum queues tick (5 s by default): each tick of each queue updates its
 * figures and checks its leader record. A run declares a hundred and more of them (per consumer a
 * work queue, a dead-letter queue and a delay queue per retry wait), and their ticks were most of an
 * idle node's CPU. Nothing of ours waits on a tick: a message's TTL has a timer of its own, and a
 * queue's message count (`checkQueue`) is asked of the queue.
 */
const QUORUM_TICK_MS = 60_000;
/**
 * The run's node alone: its quorum queues' ticks (`QUORUM_TICK_MS`), its memory use read every 10 s
 * (2.5 s by default), and Ra's failure detector (`aten`), which beats every 100 ms and polls every
 * second for other nodes a single node never has, beating every second and polling every 5 s.
 */
const NODE_ADVANCED_CONFIG = `[{rabbit, [{quorum_tick_interval, ${QUORUM_TICK_MS}}, {memory_monitor_interval, 10000}]},
 {aten, [{heartbeat_interval, 1000}, {poll_interval, 5000}]}].
`;

/**
 * Runs the server with as many open files as allowed (up to NODE_OPEN_FILES), and stops its whole
 * process group once the process that started it is gone, however it ended (a run killed outright
 * runs no exit handler): its standard input is a pipe that process holds, read to its end, which
 * comes when the kernel closes the pipe with the process. (A `kill -0` every 2 s also did, at a
 * `sleep` started every 2 s for as long as the node ran.)
 */
const NODE_SCRIPT = `exec 3<&0 </dev/null
( read -r line <&3; kill -TERM 0 ) &
exec 3<&-
limit=$(ulimit -Hn)
case "$limit" in unlimited) limit=${NODE_OPEN_FILES} ;; esac
[ "$limit" -gt ${NODE_OPEN_FILES} ] && limit=${NODE_OPEN_FILES}
ulimit -n "$limit"
exec ${RABBITMQ_SERVER}`;

/**
 * A RabbitMQ node of the test run's own, like its mail inbox and S3 server: its own name, free
 * ports on the loopback, its database and logs in a temporary directory, no plugins, none of the
 * machine's configuration, and as many open files as the hard limit allows (a run's few hundred
 * quorum queues use up the 1,024 that a node started through `su` gets). It runs as the calling
 * user, in the foreground, as a child process: stop() (or this process ending, however) stops it,
 * and its directory goes with stop() or with the next run; its log stays in the run's logs until the next run. Erlang's port mapper (epmd) is shared
 * with the machine's node; one this run had to start listens on the loopback and is stopped with it.
 */
async function startOwnNode({ logsDir, log }: PartContext): Promise<RunningPart> {
  const name = 'RabbitMQ';
  removeDirectoriesOfEndedRuns(log);
  const [amqpPort, distPort] = (await freePorts(2)) as [number, number];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `${NODE_DIR_PREFIX}${process.pid}-`));
  const nodeName = `altmed-test-${process.pid}-${randomUUID().slice(0, 8)}@localhost`;
  fs.writeFileSync(path.join(home, 'enabled_plugins'), '[].\n');
  fs.writeFileSync(path.join(home, 'advanced.config'), NODE_ADVANCED_CONFIG);
  fs.writeFileSync(path.join(home, 'rabbitmq.conf'), '');
  fs.writeFileSync(path.join(home, 'rabbitmq-env.conf'), '');
  fs.mkdirSync(path.join(home, 'conf.d'));
  const openFiles = Number(spawnSync('/bin/sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim());
  if (openFiles < OPEN_FILES_FOR_A_TEST_RUN) {
    log(
      `RabbitMQ WARNING: this user may open at most ${openFiles} files, fewer than a test run's node needs (${OPEN_FILES_FOR_A_TEST_RUN}); expect services that do not get ready`,
    );
  }
  // The node's own log beside the run's other logs, not in its directory: it outlives stop(), so a failed run keeps it.
  const nodeLogDir = path.join(logsDir, 'rabbitmq-test-node');
  fs.rmSync(nodeLogDir, { recursive: true, force: true });
  fs.mkdirSync(nodeLogDir, { recursive: true });
  const epmdWasRunning = await isPortOpen(EPMD_PORT);
  const nodeEnv = {
    ...withoutRabbitmqSettings(process.env),
    // Erlang keeps the node's cookie in $HOME.
    HOME: home,
    ERL_EPMD_ADDRESS: '127.0.0.1',
    RABBITMQ_NODENAME: nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(amqpPort),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    RABBITMQ_MNESIA_BASE: path.join(home, 'mnesia'),
    RABBITMQ_LOG_BASE: nodeLogDir,
    RABBITMQ_CONFIG_FILE: path.join(home, 'rabbitmq.conf'),
    RABBITMQ_CONFIG_FILES: path.join(home, 'conf.d'),
    RABBITMQ_ADVANCED_CONFIG_FILE: path.join(home, 'advanced.config'),
    RABBITMQ_CONF_ENV_FILE: path.join(home, 'rabbitmq-env.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(home, 'enabled_plugins'),
    RABBITMQ_PID_FILE: path.join(home, 'rabbitmq.pid'),
  };
  const logFile = path.join(logsDir, 'rabbitmq-test.log');
  const child = spawnLoggedToFile('/bin/sh', ['-c', NODE_SCRIPT], { logFile, env: nodeEnv, cwd: home, stdinPipe: true });
  const stop = async () => {
    await stopProcess(child, 30_000);
    if (!epmdWasRunning) await runCommand('epmd', ['-kill'], { quiet: true }).catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
  };
  const amqpUrl = `amqp://guest:guest@127.0.0.1:${amqpPort}`;
  try {
    await waitUntil(
      "RabbitMQ (the test run's own node)",
      async () => {
        if (hasExited(child)) throw new Error(`RabbitMQ ${describeExit(await exitOf(child))}; see ${logFile}`);
        return isPortOpen(amqpPort);
      },
      120_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  log(
    `started RabbitMQ for this test run: ${amqpUrl} (node ${nodeName}, logs ${path.relative(process.cwd(), logFile) || logFile} and ${path.relative(process.cwd(), nodeLogDir) || nodeLogDir}/)`,
  );
  return { name, env: { AMQP_URL: amqpUrl }, stop };
}

/** The directories of test runs' nodes whose process has ended (killed before their stop()). */
function removeDirectoriesOfEndedRuns(log: (message: string) => void): void {
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const pid = Number(new RegExp(`^${NODE_DIR_PREFIX}(\\d+)-`).exec(entry)?.[1]);
    if (!pid || isProcessAlive(pid)) continue;
    fs.rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
    log(`RabbitMQ: removed ${entry}, the node directory of a test run that has ended`);
  }
}

// The node reads RABBITMQ_* variables; the test run's settings alone decide how it runs.
function withoutRabbitmqSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('RABBITMQ_') && !key.startsWith('ERL_')));
}

async function useOrStartServer({ env, ports, log }: PartContext): Promise<RunningPart> {
  const name = 'RabbitMQ';
  if (env.AMQP_URL) return { name, env: { AMQP_URL: env.AMQP_URL }, stop: nothingToStop };
  const amqpUrl = `amqp://guest:guest@127.0.0.1:${ports.amqp}`;
  if (await isPortOpen(ports.amqp)) return { name, env: { AMQP_URL: amqpUrl }, stop: nothingToStop };

  log('RabbitMQ is not running: starting it (rabbitmq-server -detached)');
  try {
    await runCommand(...rabbitmqStartCommand(), { quiet: true, env: { ...process.env, RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1' } });
  } catch (error) {
    throw new Error(`could not start RabbitMQ (${(error as Error).message}): install the rabbitmq-server package, or set AMQP_URL`);
  }
  // Right after -detached the node may not be reachable yet, and await_startup then fails at once: retry it.
  const awaitStartup = () =>
    runCommand('rabbitmqctl', ['await_startup'], { quiet: true }).then(
      () => true,
      () => false,
    );
  await waitUntil('RabbitMQ', awaitStartup, 120_000, 1000);
  await waitUntil('RabbitMQ', () => isPortOpen(ports.amqp), 30_000);
  log(`started RabbitMQ on ${amqpUrl}`);
  return { name, env: { AMQP_URL: amqpUrl }, stop: () => runCommand('rabbitmqctl', ['shutdown'], { quiet: true }) };
}

/**
 * Loopback only, whatever the machine's rabbitmq.conf says. As root, through `su` to the rabbitmq
 * user with its hard limit of open files: `su`'s PAM limits would leave the node 1024, which a test
 * run's quorum queues use up (the node then stops answering).
 */
function rabbitmqStartCommand(): [string, string[]] {
  if (process.getuid?.() !== 0) return ['rabbitmq-server', ['-detached']];
  const start = 'ulimit -n "$(ulimit -Hn)"; RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 exec /usr/lib/rabbitmq/bin/rabbitmq-server -detached';
  return ['su', ['rabbitmq', '-s', '/bin/sh', '-c', start]];
}

export interface TestVhost {
  /** The server's URL with the vhost of its own (or the URL as given when no vhost could be made). */
  url: string;
  remove: () => Promise<void>;
}

/**
 * Makes a vhost `altmed-test-<pid>-<id>` on the server of `serverUrl` with rabbitmqctl, which
 * manages this machine's node only: a server elsewhere is used as given. Vhosts left behind by
 * test runs that were killed (their pid is gone) are deleted first.
 */
export async function createTestVhost(serverUrl: string, log: (message: string) => void): Promise<TestVhost> {
  const url = new URL(serverUrl);
  const notIsolated = (reason: string): TestVhost => {
    log(`RabbitMQ: this run shares ${redacted(url)} (${reason}); a site using the same vhost will see the run's events`);
    return { url: serverUrl, remove: nothingToStop };
  };
  if (!loopbackHosts.has(url.hostname)) return notIsolated("rabbitmqctl manages this machine's node only, and AMQP_URL names another host");

  const vhost = `${testVhostPrefix}${process.pid}-${randomUUID().slice(0, 8)}`;
  const user = decodeURIComponent(url.username) || 'guest';
  try {
    await Promise.all([removeVhostsOfEndedRuns(log), rabbitmqctl(['add_vhost', vhost]), warnIfFewOpenFiles(log)]);
    await rabbitmqctl(['set_permissions', '-p', vhost, user, '.*', '.*', '.*']);
  } catch (error) {
    return notIsolated(`rabbitmqctl could not make a vhost: ${(error as Error).message}`);
  }
  url.pathname = `/${encodeURIComponent(vhost)}`;
  log(`RabbitMQ: vhost ${vhost} for this run`);
  return {
    url: url.toString(),
    // With it go the vhosts that test files made in workers that have exited since.
    remove: () => rabbitmqctl(['delete_vhost', vhost]).then(() => removeVhostsOfEndedRuns(log)),
  };
}

/** A test run declares a few hundred quorum queues, each with files of its own. */
const OPEN_FILES_FOR_A_TEST_RUN = 10_000;

/**
 * Says so when this machine's node allows too few open files for a test run: the queues use them up
 * midway and the node stops answering, so services "did not get ready" and hooks time out, which
 * looks like anything but its cause (docs/conventions.md, Tests).
 */
async function warnIfFewOpenFiles(log: (message: string) => void): Promise<void> {
  let limit: number | undefined;
  try {
    const status = JSON.parse(await rabbitmqctl(['status', '--formatter', 'json'])) as { file_descriptors?: { total_limit?: number } };
    limit = status.file_descriptors?.total_limit;
  } catch {
    return; // The status could not be read: nothing to say.
  }
  if (limit !== undefined && limit < OPEN_FILES_FOR_A_TEST_RUN) {
    log(
      `RabbitMQ WARNING: the node allows ${limit} open files, fewer than a test run needs (${OPEN_FILES_FOR_A_TEST_RUN}); ` +
        'restart it with more, as .ci/run does, or expect services that do not get ready',
    );
  }
}

/** The vhosts on this machine's RabbitMQ node. */
export async function listVhosts(): Promise<string[]> {
  const output = await rabbitmqctl(['list_vhosts', '--quiet', '--no-table-headers']);
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

// A vhost whose test process has ended is still in use while a process it started is connected to it
// (a service that outlived its test worker): deleting a vhost under a client that keeps reconnecting
// can wedge the node, so it waits for a later run.
async function removeVhostsOfEndedRuns(log: (message: string) => void): Promise<void> {
  const [vhosts, connected] = await Promise.all([listVhosts(), vhostsWithConnections()]);
  for (const vhost of vhosts) {
    const pid = Number(/^altmed-test-(\d+)-/.exec(vhost)?.[1]);
    if (!pid || isProcessAlive(pid) || connected.has(vhost)) continue;
    // Another run starting now may delete it first.
    const deleted = await rabbitmqctl(['delete_vhost', vhost]).then(
      () => true,
      () => false,
    );
    if (deleted) log(`RabbitMQ: deleted ${vhost}, whose test process has ended`);
  }
}

async function vhostsWithConnections(): Promise<Set<string>> {
  const output = await rabbitmqctl(['list_connections', 'vhost', '--quiet', '--no-table-headers']);
  return new Set(
    output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/**
 * rabbitmqctl is a shell script that starts an Erlang node of its own through `su`. A call that has
 * not answered in a minute is killed with everything it started: a node left behind keeps one of the
 * 11 distribution ports the CLI may use (35672-35682), and once they are taken every later call fails.
 */
async function rabbitmqctl(args: string[], timeoutMs = 60_000): Promise<string> {
  const child = spawn('rabbitmqctl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => killProcessTree(child.pid!), timeoutMs);
  try {
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    if (code === 0) return stdout;
    const reason = signal === 'SIGKILL' ? `did not answer within ${timeoutMs / 1000} s` : `exited with ${code ?? signal}`;
    throw new Error(`rabbitmqctl ${args.join(' ')} ${reason}: ${stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
  } finally {
    clearTimeout(timer);
  }
}

function redacted(url: URL): string {
  const copy = new URL(url);
  if (copy.password) copy.password = '***';
  return copy.toString();
}
