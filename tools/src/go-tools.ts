import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
  /**
   * For a module whose go.mod has `replace` directives (`go install module@version` refuses those):
   * the module's root, whose copy is downloaded and the package (`module`'s path below the root) built in.
   */
  moduleRoot?: string;
  /** Arguments that make the binary say its version: how a working build is told apart from a broken one. */
  versionArgs: string[];
}

const goEnv = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-trimpath -buildvcs=false' };

/** `go build` of `module`'s package inside a copy of its module, as that module's own build does (its replace directives apply). */
async function buildInModuleCopy(module: string, moduleRoot: string, binary: string): Promise<void> {
  const [packagePath = '', version = ''] = module.split('@');
  if (!packagePath.startsWith(moduleRoot)) throw new Error(`${module} is not a package of ${moduleRoot}`);
  const { stdout } = await execFileAsync('go', ['mod', 'download', '-json', `${moduleRoot}@${version}`], { env: goEnv });
  const sourceCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'go-module-'));
  try {
    fs.cpSync((JSON.parse(stdout) as { Dir: string }).Dir, sourceCopy, { recursive: true });
    await runCommand('chmod', ['-R', 'u+w', sourceCopy], { quiet: true });
    await runCommand('go', ['build', '-o', binary, `.${packagePath.slice(moduleRoot.length)}`], { cwd: sourceCopy, env: goEnv, quiet: true });
  } finally {
    fs.rmSync(sourceCopy, { recursive: true, force: true });
  }
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
export async function ensureGoTool({ name, module, moduleRoot, versionArgs }: GoTool, log?: (message: string) => void): Promise<string> {
  const binary = path.join(toolsBinDir, name);
  if (await isWorking(binary, versionArgs)) return binary;
  log?.(`${name} is not built yet: building it into ${binary} (${module}, ${moduleRoot ? 'several minutes' : 'about a minute'})`);
  fs.mkdirSync(toolsBinDir, { recursive: true });
  const build = moduleRoot
    ? buildInModuleCopy(module, moduleRoot, binary)
    : runCommand('go', ['install', module], { env: { ...goEnv, GOBIN: toolsBinDir }, quiet: true });
  await build.catch((error: Error) => {
    throw new Error(`could not build ${name} (needs Go and the Go module proxy): ${error.message}; .ci/run installs it`);
  });
  if (!(await isWorking(binary, versionArgs))) throw new Error(`go install ${module} finished but ${binary} ${versionArgs.join(' ')} does not work`);
  return binary;
}
