import fs from 'node:fs';
import path from 'node:path';
import { freePorts, httpStatus, isPortOpen, waitUntil } from './net';
import type { PartContext, RunningPart } from './parts';
import { nothingToStop, pickSet } from './parts';
import { describeExit, exitOf, hasExited, spawnLoggedToFile, stopProcess } from './processes';

/**
 * The SMTP sink and its inbox. The developer's stack reuses whatever answers on the SMTP port; a
 * test run's starts a maildev of its own on free ports, so its mail never lands in the site's
 * inbox. maildev 3 is ESM-only, so it runs as a child process rather than in this (CommonJS) one.
 */
export async function startMaildev({ env, ports, logsDir, log, forTests }: PartContext): Promise<RunningPart> {
  const name = 'maildev';
  if (env.SMTP_URL) {
    if (forTests) log(`maildev: this run sends mail to the given SMTP_URL ${env.SMTP_URL} and shares its inbox`);
    return { name, env: pickSet(env, ['SMTP_URL', 'MAILDEV_API_URL']), stop: nothingToStop };
  }
  const [smtpPort, webPort] = forTests ? ((await freePorts(2)) as [number, number]) : [ports.smtp, ports.maildevWeb];
  const partEnv = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAILDEV_API_URL: `http://127.0.0.1:${webPort}` };
  if (!forTests && (await isPortOpen(smtpPort))) return { name, env: partEnv, stop: nothingToStop };

  const logFile = path.join(logsDir, forTests ? 'maildev-test.log' : 'maildev.log');
  const args = [maildevCli(), '--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(webPort), '--web-ip', '127.0.0.1'];
  const child = spawnLoggedToFile(process.execPath, args, { logFile, env: withoutMaildevSettings(process.env) });
  await waitUntil(
    'maildev',
    async () => {
      if (hasExited(child)) throw new Error(`maildev ${describeExit(await exitOf(child))}; see ${logFile}`);
      return (await isPortOpen(smtpPort)) && (await httpStatus(`${partEnv.MAILDEV_API_URL}/api/email`)) === 200;
    },
    30_000,
  ).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  log(`started maildev${forTests ? ' for this test run' : ''}: SMTP ${partEnv.SMTP_URL}, inbox ${partEnv.MAILDEV_API_URL}`);
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
