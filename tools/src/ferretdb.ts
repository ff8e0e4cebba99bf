import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatDuration } from './net';
import { spawnWithPrefixedOutput, exitOf, describeExit } from './processes';
import { repoRoot, toolsBinDir } from './paths';

const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';
/** What `ferretdb --version` names: FerretDB's version and our change to it (tools/ferretdb/serial_writes.go). */
const BUILD_VERSION = `${FERRETDB_VERSION}-altmed-serial-writes`;
const serialWritesSource = path.join(repoRoot, 'tools', 'ferretdb', 'serial_writes.go');
export const ferretdbBinary = path.join(toolsBinDir, 'ferretdb');

const execFileAsync = promisify(execFile);
const goEnv = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-trimpath -buildvcs=false' };

export function ferretdbArgs(dataDir: string, port: number): string[] {
  return [
    '--handler=sqlite',
    `--sqlite-url=file:${path.join(dataDir, 'ferretdb')}/`,
    `--state-dir=${path.join(dataDir, 'ferretdb-state')}`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=-',
    '--telemetry=disable',
  ];
}

/** Returns the path of a working FerretDB binary, building it with Go on first use. */
export async function ensureFerretdb(log: (message: string) => void, logsDir: string): Promise<string> {
  if (await isWorkingFerretdb(ferretdbBinary)) return ferretdbBinary;
  log(
    `FerretDB ${FERRETDB_VERSION} is not built yet: building it into ${path.relative(process.cwd(), ferretdbBinary) || ferretdbBinary} (the first build takes a few minutes on 2 cores)`,
  );
  await requireGo();
  const startedAt = Date.now();
  await buildFerretdb(log, path.join(logsDir, 'ferretdb-build.log'));
  if (!(await isWorkingFerretdb(ferretdbBinary))) throw new Error(`the FerretDB build finished but ${ferretdbBinary} --version does not work`);
  log(
    `FerretDB ${FERRETDB_VERSION} built in ${formatDuration(Date.now() - startedAt)} (go mod download, then go install ./cmd/ferretdb in a copy of the module)`,
  );
  return ferretdbBinary;
}

async function isWorkingFerretdb(binary: string): Promise<boolean> {
  try {
    const { stdout } = await execFileAsync(binary, ['--version']);
    return stdout.includes(`version: ${BUILD_VERSION}\n`);
  } catch {
    return false;
  }
}

async function requireGo(): Promise<void> {
  try {
    await execFileAsync('go', ['version'], { env: goEnv });
  } catch {
    throw new Error('Go (>= 1.24) is needed to build FerretDB, the local MongoDB server: install Go, or set MONGO_URL to a MongoDB server');
  }
}

/*
 * `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is not used: the proxy here refuses the
 * module's version list (403), and the module zip lacks build/version/version.txt, so any binary built
 * straight from it panics at start. So: download the module, copy it, add version.txt and our change
 * (writes one at a time), build the copy.
 */
async function buildFerretdb(log: (message: string) => void, buildLog: string): Promise<void> {
  const { stdout } = await execFileAsync('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], { env: goEnv });
  const moduleDir = (JSON.parse(stdout) as { Dir: string }).Dir;
  const sourceCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-src-'));
  fs.mkdirSync(toolsBinDir, { recursive: true });
  const gobin = fs.mkdtempSync(path.join(path.dirname(toolsBinDir), 'build-'));
  try {
    fs.cpSync(moduleDir, sourceCopy, { recursive: true });
    makeDirectoriesWritable(sourceCopy);
    fs.writeFileSync(path.join(sourceCopy, 'build', 'version', 'version.txt'), `${BUILD_VERSION}\n`);
    addSerialWrites(sourceCopy);
    await goInstallWithProgress(sourceCopy, gobin, log, buildLog);
    fs.renameSync(path.join(gobin, 'ferretdb'), ferretdbBinary);
  } finally {
    fs.rmSync(sourceCopy, { recursive: true, force: true });
    fs.rmSync(gobin, { recursive: true, force: true });
  }
}

async function goInstallWithProgress(sourceDir: string, gobin: string, log: (message: string) => void, buildLog: string): Promise<void> {
  const startedAt = Date.now();
  let packagesBuilt = 0;
  const child = spawnWithPrefixedOutput('go install', 'go', ['install', '-v', './cmd/ferretdb'], {
    cwd: sourceDir,
    env: { ...goEnv, GOBIN: gobin },
    logFile: buildLog,
    echo: false,
    // `go install -v` names each package as it compiles it; `go: downloading …` lines are not packages.
    onLine: (line) => (packagesBuilt += line.startsWith('go: ') ? 0 : 1),
  });
  const progress = setInterval(() => log(`FerretDB build: ${packagesBuilt} packages compiled, ${formatDuration(Date.now() - startedAt)} so far`), 20_000);
  try {
    const exit = await exitOf(child);
    if (exit.code !== 0) throw new Error(`go install ./cmd/ferretdb ${describeExit(exit)}; see ${buildLog}`);
  } finally {
    clearInterval(progress);
  }
}

/** Writes one at a time, as tools/ferretdb/serial_writes.go explains: the file, and a call to it after the handler sets up its commands. */
function addSerialWrites(sourceDir: string): void {
  const handlerDir = path.join(sourceDir, 'internal', 'handler');
  fs.copyFileSync(serialWritesSource, path.join(handlerDir, 'serial_writes.go'));
  const handlerFile = path.join(handlerDir, 'handler.go');
  const handler = fs.readFileSync(handlerFile, 'utf8');
  const setUp = '\th.initCommands()\n';
  if (handler.split(setUp).length !== 2)
    throw new Error(`${handlerFile} no longer calls h.initCommands() once: update addSerialWrites for this FerretDB version`);
  fs.writeFileSync(handlerFile, handler.replace(setUp, `${setUp}\th.serializeWrites()\n`));
}

// The Go module cache is read-only; the copy needs writable directories to add a file and to be removed.
function makeDirectoriesWritable(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) makeDirectoriesWritable(path.join(dir, entry.name));
  }
}
