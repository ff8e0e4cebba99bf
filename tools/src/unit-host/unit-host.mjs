// Runs one Node unit (a service or the gateway) as a node:cluster primary with a single worker, so
// the unit can be replaced without ever closing its port: Node 20 has no `reusePort`, but a primary
// holds the listening socket and shares it with the worker, which accepts the connections.
//
//   node unit-host.mjs <unit>/dist/main.js
//
// SIGHUP replaces the worker the way a rolling update of two replicas does: a new worker starts
// from the files on disk now; once it listens (accepting from the same socket), the old
// worker gets SIGTERM (it stops taking connections and finishes what it holds, service-kit's
// runService). A new worker that exits before it listens, or does not listen within
// UNIT_HOST_START_TIMEOUT_MS (60 s; it is then killed), is reported and the old one keeps serving. After each replacement the primary writes UNIT_HOST_STATUS_FILE (JSON: generation,
// outcome, worker pid, seconds taken). A worker that dies on its own ends the primary with its
// exit code, so whoever started the unit sees it go. SIGTERM and SIGINT stop the worker, then the primary.
import cluster from 'node:cluster';
import fs from 'node:fs';

const [main] = process.argv.slice(2);
if (!main) {
  console.error('usage: node unit-host.mjs <main.js>');
  process.exit(2);
}
const statusFile = process.env.UNIT_HOST_STATUS_FILE;
// The old worker exits on its own within service-kit's 10 s; this is the backstop.
const drainLimitMs = 15_000;
const startLimitMs = Number(process.env.UNIT_HOST_START_TIMEOUT_MS ?? 60_000);

// Workers accept from the shared listening socket themselves. Round-robin (the primary accepting and
// handing each connection on) loses connections: one handed to the old worker just as it closes its
// server and exits is never answered nor given back. With the socket shared, a connection nobody has
// accepted waits in the kernel's queue for the new worker.
cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: main, args: [] });

let current = cluster.fork();
let generation = 0;
let stopping = false;
/** Whether a replacement is in progress, and whether another was asked for meanwhile. */
let replacing = false;
let replaceAgain = false;

function watch(worker) {
  worker.once('exit', (code, signal) => {
    if (worker !== current || stopping) return;
    console.error(`[unit-host] the worker ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
    process.exit(code ?? 1);
  });
}
watch(current);

function writeStatus(status) {
  if (!statusFile) return;
  const temporary = `${statusFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(status)}\n`);
  fs.renameSync(temporary, statusFile);
}

/** Resolves 'listening' once the worker listens, or what happened instead: it exited, or it did not listen in time (it is then killed). */
function startedOrExited(worker) {
  return new Promise((resolve) => {
    const finish = (outcome) => {
      clearTimeout(deadline);
      worker.off('listening', onListening).off('exit', onExit);
      resolve(outcome);
    };
    const onListening = () => finish('listening');
    const onExit = (code, signal) => finish(`${signal ? `was killed by ${signal}` : `exited with code ${code}`} before it listened`);
    const deadline = setTimeout(() => {
      worker.process.kill('SIGKILL');
      finish(`did not listen within ${startLimitMs / 1000} s (killed)`);
    }, startLimitMs);
    worker.once('listening', onListening).once('exit', onExit);
  });
}

function stopWorker(worker) {
  return new Promise((resolve) => {
    if (worker.isDead()) return resolve();
    const backstop = setTimeout(() => worker.process.kill('SIGKILL'), drainLimitMs);
    worker.once('exit', () => {
      clearTimeout(backstop);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

async function replace() {
  const startedAt = Date.now();
  const next = cluster.fork();
  const outcome = await startedOrExited(next);
  generation += 1;
  if (outcome !== 'listening') {
    console.error(`[unit-host] the new build ${outcome}: the running one keeps serving`);
    writeStatus({
      generation,
      outcome: 'failed',
      reason: `the new build ${outcome}`,
      pid: current.process.pid,
      seconds: (Date.now() - startedAt) / 1000,
    });
    return;
  }
  const old = current;
  current = next;
  watch(next);
  console.log(`[unit-host] the new build listens (worker ${next.process.pid}); the previous one drains`);
  await stopWorker(old);
  writeStatus({ generation, outcome: 'replaced', pid: next.process.pid, seconds: (Date.now() - startedAt) / 1000 });
}

async function replaceUntilCaughtUp() {
  do {
    replaceAgain = false;
    await replace();
  } while (replaceAgain && !stopping);
  replacing = false;
}

process.on('SIGHUP', () => {
  if (stopping) return;
  if (replacing) {
    replaceAgain = true;
    return;
  }
  replacing = true;
  void replaceUntilCaughtUp();
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    void Promise.all(workers.map((worker) => stopWorker(worker))).then(() => process.exit(0));
  });
}
