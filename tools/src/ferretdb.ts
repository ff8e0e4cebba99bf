import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatDuration } from './net';
import { spawnWithPrefixedOutput, exitOf, describeExit } from './processes';
import { goEnv, withGoModuleCopy } from './go-tools';
import { repoRoot, toolsBinDir } from './paths';

const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';
/**
 * What `ferretdb --version` names: FerretDB's version and our changes to it: writes one at a time,
 * lookups answered from the SQLite indexes, and updates that release their queries. Changing a
 * patch changes this name, so that a binary built before is built again.
 */
const BUILD_VERSION = `${FERRETDB_VERSION}-altmed.3`;
const patchesDir = path.join(repoRoot, 'tools', 'ferretdb');
export const ferretdbBinary = path.join(toolsBinDir, 'ferretdb');

const execFileAsync = promisify(execFile);

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
 * straight from it panics at start. So: download the module, copy it, add version.txt and our changes
 * (writes one at a time, indexed lookups), build the copy.
 */
async function buildFerretdb(log: (message: string) => void, buildLog: string): Promise<void> {
  fs.mkdirSync(toolsBinDir, { recursive: true });
  const gobin = fs.mkdtempSync(path.join(path.dirname(toolsBinDir), 'build-'));
  try {
    await withGoModuleCopy(FERRETDB_MODULE, FERRETDB_VERSION, async (sourceCopy) => {
      fs.writeFileSync(path.join(sourceCopy, 'build', 'version', 'version.txt'), `${BUILD_VERSION}\n`);
      addSerialWrites(sourceCopy);
      addIndexedLookups(sourceCopy);
      closeEachUpdatesQuery(sourceCopy);
      await goInstallWithProgress(sourceCopy, gobin, log, buildLog);
    });
    fs.renameSync(path.join(gobin, 'ferretdb'), ferretdbBinary);
  } finally {
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
  fs.copyFileSync(path.join(patchesDir, 'serial_writes.go'), path.join(handlerDir, 'serial_writes.go'));
  const setUp = '\th.initCommands()\n';
  replaceOnce(path.join(handlerDir, 'handler.go'), setUp, `${setUp}\th.serializeWrites()\n`);
}

/** What the SQLite backend's queries compare (`_ferretdb_sjson->'$._id'` and nothing else) matches no index; the indexes are on `->'field'`. */
const ID_ONLY_PUSHDOWN = (flag: string) => `\tif params.Filter.Len() == 1 {
\t\tv, _ := params.Filter.Get("_id")
\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
${flag}\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}
\t}
`;

/**
 * Lookups from the indexes, as tools/ferretdb/sqlite_pushdown.go explains: `_id` compared as the
 * `_id` index is built (updates and deletes by `_id` too), and the filter's top-level equalities
 * pushed down to SQLite in the same form.
 */
function addIndexedLookups(sourceDir: string): void {
  const backendDir = path.join(sourceDir, 'internal', 'backends', 'sqlite');
  fs.copyFileSync(path.join(patchesDir, 'sqlite_pushdown.go'), path.join(backendDir, 'sqlite_pushdown.go'));
  replaceOnce(path.join(backendDir, 'metadata', 'metadata.go'), `IDColumn = DefaultColumn + "->'$._id'"`, `IDColumn = DefaultColumn + "->'_id'"`);
  const collectionFile = path.join(backendDir, 'collection.go');
  replaceOnce(collectionFile, ID_ONLY_PUSHDOWN(''), '\twhereClause, args = pushdownWhere(params.Filter)\n');
  replaceOnce(
    collectionFile,
    ID_ONLY_PUSHDOWN('\t\t\tfilterPushdown = true\n'),
    '\twhereClause, args = pushdownWhere(params.Filter)\n\tfilterPushdown = whereClause != ""\n',
  );
}

/**
 * An update command ran every statement's query first and closed them all when the command ended:
 * each open query holds one of the 100 connections of SQLite's pool, so a command of 100 updates or
 * more (a bulkWrite) waited for a connection forever, holding the write lock, and every later
 * command of that database waited behind it. Each statement's query is closed once it is done.
 */
function closeEachUpdatesQuery(sourceDir: string): void {
  const updateFile = path.join(sourceDir, 'internal', 'handler', 'msg_update.go');
  replaceOnce(updateFile, '\t\tcloser := iterator.NewMultiCloser()\n\t\tdefer closer.Close()\n', '\t\tcloser := iterator.NewMultiCloser()\n');
  replaceOnce(
    updateFile,
    '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n',
    '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n\t\tcloser.Close()\n',
  );
}

function replaceOnce(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (text.split(from).length !== 2)
    throw new Error(`${file} no longer holds the code our FerretDB change replaces: update tools/src/ferretdb.ts for this FerretDB version`);
  fs.writeFileSync(file, text.replace(from, to));
}
