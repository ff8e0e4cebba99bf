import fs from 'node:fs';
import path from 'node:path';
import { ensureFerretdb, ferretdbArgs } from './ferretdb';
import { isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop } from './parts';
import { exitOf, describeExit, hasExited, spawnLoggedToFile, stopProcess } from './processes';

export async function startMongo({ env, ports, dataDir, logsDir, log }: PartContext): Promise<RunningPart> {
  const name = 'MongoDB';
  if (env.MONGO_URL) return { name, env: { MONGO_URL: env.MONGO_URL }, stop: nothingToStop };
  const mongoUrl = `mongodb://127.0.0.1:${ports.mongo}`;
  if (await isPortOpen(ports.mongo)) {
    log(`using the MongoDB server already listening on ${mongoUrl} (not started, and not stopped, by this run)`);
    return { name, env: { MONGO_URL: mongoUrl }, stop: nothingToStop };
  }

  const binary = await ensureFerretdb(log, logsDir);
  fs.mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'ferretdb-state'), { recursive: true });
  const logFile = path.join(logsDir, 'ferretdb.log');
  const child = spawnLoggedToFile(binary, ferretdbArgs(dataDir, ports.mongo), { logFile });
  await waitUntil(
    'FerretDB',
    async () => {
      if (hasExited(child)) throw new Error(`FerretDB ${describeExit(await exitOf(child))}; see ${logFile}`);
      return isPortOpen(ports.mongo);
    },
    30_000,
  ).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  log(`started FerretDB on ${mongoUrl} (data in ${path.join(dataDir, 'ferretdb')})`);
  return { name, env: { MONGO_URL: mongoUrl }, stop: () => stopProcess(child) };
}
