import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { freePorts, waitUntil } from '../src/net';
import { exitOf, spawnLoggedToFile, stopProcess } from '../src/processes';
import { unitHostProcess } from '../src/marketplace';
import { replaceNodeUnit } from '../src/redeploy';

/** A unit's main.js: answers its version (its pid at /pid); on SIGTERM stops listening, finishes its requests and exits, as runService does. */
const appSource = (version: string, startup = '') => `
${startup}
const http = require('node:http');
const answers = { '/pid': String(process.pid), '/exec-argv': JSON.stringify(process.execArgv) };
const server = http.createServer((req, res) => setTimeout(() => res.end(answers[req.url] ?? ${JSON.stringify(version)}), 20));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** One request on a connection of its own (the unit host hands out connections, not requests); a connection left unanswered for 5 s fails. */
function get(port: number, path = '/'): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http
      .get({ host: '127.0.0.1', port, path, agent: false, timeout: 5_000 }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('timeout', () => request.destroy(new Error('no answer within 5 s')))
      .on('error', reject);
  });
}

async function startUnit(version: string, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-host-'));
  const main = path.join(dir, 'main.js');
  fs.writeFileSync(main, appSource(version));
  const [port] = await freePorts(1);
  const statusFile = path.join(dir, 'status.json');
  const unit = unitHostProcess(main, { ...process.env, PORT: String(port), UNIT_HOST_STATUS_FILE: statusFile, ...env });
  const host = spawnLoggedToFile(process.execPath, unit.args, {
    env: unit.env,
    logFile: path.join(dir, 'unit-host.log'),
  });
  await waitUntil(
    'the unit answers',
    () =>
      get(port!).then(
        () => true,
        () => false,
      ),
    10_000,
    100,
  );
  return { main, port: port!, host, handle: { pid: host.pid!, statusFile } };
}

/** Requests one after another, eight at a time, until stopped: what each got, or its error. */
function steadyTraffic(port: number) {
  const answers: string[] = [];
  let running = true;
  const loops = Array.from({ length: 8 }, async () => {
    while (running) answers.push(await get(port).catch((error: Error) => `failed: ${error.message}`));
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

it('replaces the running build with the one on disk without a failed request, swap after swap', async () => {
  const unit = await startUnit('v1');
  const traffic = steadyTraffic(unit.port);
  /** Each swap happens under traffic that the running build answers: a round of answers from `version` since result `from`. */
  const answering = (version: string, from: number) =>
    waitUntil(`the build ${version}`, async () => traffic.answers.slice(from).filter((answer) => answer === version).length >= 8, 10_000, 10);
  try {
    await answering('v1', 0);
    for (const [generation, version] of [
      [1, 'v2'],
      [2, 'v3'],
      [3, 'v4'],
    ] as const) {
      fs.writeFileSync(unit.main, appSource(version));
      const from = traffic.answers.length;
      expect(await replaceNodeUnit(unit.handle)).toEqual(expect.objectContaining({ generation, outcome: 'replaced' }));
      await answering(version, from);
    }
  } finally {
    await traffic.stop();
  }
  expect(traffic.answers.filter((answer) => answer.startsWith('failed'))).toEqual([]);
  // v1 until the first swap, and the last build once the swaps are over.
  const firstV2 = traffic.answers.indexOf('v2');
  expect(firstV2).toBeGreaterThan(0);
  expect(new Set(traffic.answers.slice(0, firstV2))).toEqual(new Set(['v1']));
  expect(await get(unit.port)).toBe('v4');
  await stopProcess(unit.host);
}, 60_000);

it('keeps the running build when the new one does not start, and says why', async () => {
  const unit = await startUnit('v1');
  try {
    fs.writeFileSync(unit.main, appSource('broken', "throw new Error('bad configuration');"));
    await expect(replaceNodeUnit(unit.handle)).rejects.toThrow('the new build exited with code 1 before it listened');
    expect(await get(unit.port)).toBe('v1');
    // Fixed, the next redeploy goes through.
    fs.writeFileSync(unit.main, appSource('v3'));
    expect(await replaceNodeUnit(unit.handle)).toEqual(expect.objectContaining({ generation: 2, outcome: 'replaced' }));
    expect(await get(unit.port)).toBe('v3');
  } finally {
    await stopProcess(unit.host);
  }
}, 60_000);

it('kills a new build that does not listen in time, and keeps the running one', async () => {
  const unit = await startUnit('v1', { UNIT_HOST_START_TIMEOUT_MS: '1000' });
  try {
    fs.writeFileSync(unit.main, 'setInterval(() => {}, 1 << 30);');
    await expect(replaceNodeUnit(unit.handle)).rejects.toThrow('the new build did not listen within 1 s (killed)');
    expect(await get(unit.port)).toBe('v1');
    fs.writeFileSync(unit.main, appSource('v2'));
    expect(await replaceNodeUnit(unit.handle)).toEqual(expect.objectContaining({ generation: 2, outcome: 'replaced' }));
    expect(await get(unit.port)).toBe('v2');
  } finally {
    await stopProcess(unit.host);
  }
}, 60_000);

it('ends with the worker’s exit code when the worker dies on its own', async () => {
  const unit = await startUnit('v1');
  const workerPid = Number(await get(unit.port, '/pid'));
  expect(workerPid).toBeGreaterThan(0);
  expect(workerPid).not.toBe(unit.host.pid);
  process.kill(workerPid, 'SIGKILL');
  const exit = await exitOf(unit.host);
  expect(exit.code).toBe(1);
}, 30_000);

it('runs its workers, the replacements too, with the flags deploy/node-unit.env gives node', async () => {
  const nodeFlags = parseEnv(fs.readFileSync(path.resolve(__dirname, '..', '..', 'deploy', 'node-unit.env'), 'utf8')).NODE_FLAGS;
  expect(nodeFlags).toBeTruthy();
  const expected = nodeFlags!.split(' ');
  const unit = await startUnit('v1');
  try {
    expect(JSON.parse(await get(unit.port, '/exec-argv'))).toEqual(expect.arrayContaining(expected));
    await replaceNodeUnit(unit.handle);
    expect(JSON.parse(await get(unit.port, '/exec-argv'))).toEqual(expect.arrayContaining(expected));
  } finally {
    await stopProcess(unit.host);
  }
}, 30_000);
