import fs from 'node:fs';
import path from 'node:path';
import { httpStatus, isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';
import { describeExit, exitOf, hasExited, spawnLoggedToFile, stopProcess } from './processes';

/** maildev 3 is ESM-only, so it runs as a child process rather than in this (CommonJS) one. */
export async function startMaildev({ env, ports, logsDir, log }: PartContext): Promise<RunningPart> {
  const name = 'maildev';
  if (env.SMTP_URL) return { name, env: pickSet(env, ['SMTP_URL', 'MAILDEV_API_URL']), stop: nothingToStop };
  const partEnv = { SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`, MAILDEV_API_URL: `http://127.0.0.1:${ports.maildevWeb}` };
  if (await isPortOpen(ports.smtp)) return { name, env: partEnv, stop: nothingToStop };

  const logFile = path.join(logsDir, 'maildev.log');
  const args = [maildevCli(), '--smtp', String(ports.smtp), '--ip', '127.0.0.1', '--web', String(ports.maildevWeb), '--web-ip', '127.0.0.1'];
  const child = spawnLoggedToFile(process.execPath, args, { logFile, env: withoutMaildevSettings(process.env) });
  await waitUntil('maildev', async () => {
    if (hasExited(child)) throw new Error(`maildev ${describeExit(await exitOf(child))}; see ${logFile}`);
    return (await isPortOpen(ports.smtp)) && (await httpStatus(`${partEnv.MAILDEV_API_URL}/api/email`)) === 200;
  }, 30_000).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  log(`started maildev: SMTP ${partEnv.SMTP_URL}, inbox ${partEnv.MAILDEV_API_URL}`);
  return { name, env: partEnv, stop: () => stopProcess(child) };
}

function maildevCli(): string {
  for (const nodeModules of require.resolve.paths('maildev') ?? []) {
    const manifest = path.join(nodeModules, 'maildev', 'package.json');
    if (fs.existsSync(manifest)) {
      const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
      return path.join(nodeModules, 'maildev', bin.maildev ?? 'dist/bin/maildev.js');
    }
  }
  throw new Error('maildev is not installed: run npm install');
}

// maildev reads MAILDEV_* variables; the command-line flags alone decide where it listens.
function withoutMaildevSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('MAILDEV_')));
}
