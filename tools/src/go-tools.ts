import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { toolsBinDir } from './paths';
import { runCommand } from './processes';

const execFileAsync = promisify(execFile);

export interface GoTool {
  /** The binary's name in .tools/bin (what `go install` writes). */
  name: string;
  /** `module/path@version`, built with the machine's Go (GOTOOLCHAIN=local: never a downloaded toolchain). */
  module: string;
  /** Arguments that make the binary say its version: how a working build is told apart from a broken one. */
  versionArgs: string[];
}

async function isWorking(binary: string, versionArgs: string[]): Promise<boolean> {
  try {
    await execFileAsync(binary, versionArgs);
    return true;
  } catch {
    return false;
  }
}

/** Returns the path of a working build of the tool, building it into .tools/bin with `go install` on first use (.ci/run builds them ahead). */
export async function ensureGoTool({ name, module, versionArgs }: GoTool, log?: (message: string) => void): Promise<string> {
  const binary = path.join(toolsBinDir, name);
  if (await isWorking(binary, versionArgs)) return binary;
  log?.(`${name} is not built yet: building it into ${binary} (go install ${module}, about a minute)`);
  fs.mkdirSync(toolsBinDir, { recursive: true });
  await runCommand('go', ['install', module], { env: { ...process.env, GOTOOLCHAIN: 'local', GOBIN: toolsBinDir }, quiet: true }).catch((error: Error) => {
    throw new Error(`could not build ${name} (needs Go and the Go module proxy): ${error.message}; .ci/run installs it`);
  });
  if (!(await isWorking(binary, versionArgs))) throw new Error(`go install ${module} finished but ${binary} ${versionArgs.join(' ')} does not work`);
  return binary;
}
