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

/** The machine's own Go (never a downloaded toolchain), building without local paths or VCS stamps. */
export const goEnv = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-trimpath -buildvcs=false' };

/** Runs `work` in a writable copy of the module `moduleRoot@version` from the module proxy, removed after. */
export async function withGoModuleCopy<T>(moduleRoot: string, version: string, work: (sourceDir: string) => Promise<T>): Promise<T> {
  const { stdout } = await execFileAsync('go', ['mod', 'download', '-json', `${moduleRoot}@${version}`], { env: goEnv });
  const sourceCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'go-module-'));
  try {
    fs.cpSync((JSON.parse(stdout) as { Dir: string }).Dir, sourceCopy, { recursive: true });
    makeDirectoriesWritable(sourceCopy);
    return await work(sourceCopy);
  } finally {
    fs.rmSync(sourceCopy, { recursive: true, force: true });
  }
}

// The Go module cache is read-only; the copy needs writable directories to add a file and to be removed.
function makeDirectoriesWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) makeDirectoriesWritable(path.join(dir, entry.name));
  }
}

/** `go build` of `module`'s package inside a copy of its module, as that module's own build does (its replace directives apply). */
async function buildInModuleCopy(module: string, moduleRoot: string, binary: string): Promise<void> {
  const [packagePath = '', version = ''] = module.split('@');
  if (!packagePath.startsWith(moduleRoot)) throw new Error(`${module} is not a package of ${moduleRoot}`);
  await withGoModuleCopy(moduleRoot, version, (sourceDir) =>
    runCommand('go', ['build', '-o', binary, `.${packagePath.slice(moduleRoot.length)}`], { cwd: sourceDir, env: goEnv, quiet: true }),
  );
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
