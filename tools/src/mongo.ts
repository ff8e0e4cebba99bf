import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFerretdb, ferretdbArgs } from './ferretdb';
import { freePorts, isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop } from './parts';
import { exitOf, describeExit, hasExited, spawnLoggedToFile, stopProcess } from './processes';

/**
 * The developer's FerretDB on the MongoDB port, started when nothing answers there. A test run uses
 * the server already on that port (a running site's, with databases of the run's own), or else starts
 * one of its own on a free port with its data in a temporary directory: a FerretDB that one run
 * started and stops must never be the server a second run, started meanwhile, finds on the port.
 */
export async function startMongo({ env, ports, dataDir, logsDir, log, forTests }: PartContext): Promise<RunningPart> {
  const name = 'MongoDB';
  if (env.MONGO_URL) return { name, env: { MONGO_URL: env.MONGO_URL }, stop: nothingToStop };
  if (await isPortOpen(ports.mongo)) {
    const mongoUrl = `mongodb://127.0.0.1:${ports.mongo}`;
    log(`using the MongoDB server already listening on ${mongoUrl} (not started, and not stopped, by this run)`);
    return { name, env: { MONGO_URL: mongoUrl }, stop: nothingToStop };
  }

  const binary = await ensureFerretdb(log, logsDir);
  const [port] = forTests ? ((await freePorts(1)) as [number]) : [ports.mongo];
  const serverDir = forTests ? fs.mkdtempSync(path.join(os.tmpdir(), 'altmed-test-ferretdb-')) : dataDir;
  fs.mkdirSync(path.join(serverDir, 'ferretdb'), { recursive: true });
  fs.mkdirSync(path.join(serverDir, 'ferretdb-state'), { recursive: true });
  const logFile = path.join(logsDir, forTests ? 'ferretdb-test.log' : 'ferretdb.log');
  const child = spawnLoggedToFile(binary, ferretdbArgs(serverDir, port), { logFile });
  const stop = async () => {
    await stopProcess(child);
    if (forTests) fs.rmSync(serverDir, { recursive: true, force: true });
  };
  const mongoUrl = `mongodb://127.0.0.1:${port}`;
  await waitUntil(
    'FerretDB',
    async () => {
      if (hasExited(child)) throw new Error(`FerretDB ${describeExit(await exitOf(child))}; see ${logFile}`);
      return isPortOpen(port);
    },
    30_000,
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  log(`started FerretDB on ${mongoUrl} (data in ${path.join(serverDir, 'ferretdb')})`);
  return { name, env: { MONGO_URL: mongoUrl }, stop };
}
