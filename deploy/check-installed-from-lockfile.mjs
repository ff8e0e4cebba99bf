// Fails the image build when `npm install` put a package version into node_modules that the
// committed lockfile does not pin. The images cannot use `npm ci` (see the Dockerfile), so this is
// what makes their install reproducible: the lockfile decides every version, or the build stops.
// Usage: node check-installed-from-lockfile.mjs <committed package-lock.json> [<project dir>]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [committedPath, projectDir = '.'] = process.argv.slice(2);
const committed = JSON.parse(readFileSync(committedPath, 'utf8')).packages;
const installed = JSON.parse(readFileSync(join(projectDir, 'node_modules/.package-lock.json'), 'utf8')).packages;

const nameOf = (path, entry) => entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
const pinned = new Set(Object.entries(committed).map(([path, entry]) => `${nameOf(path, entry)}@${entry.version}`));

const unpinned = [];
for (const [path, entry] of Object.entries(installed)) {
  if (entry.link || !entry.version || !path.includes('node_modules/')) continue;
  const id = `${nameOf(path, entry)}@${entry.version}`;
  // Platform binaries the lockfile left out (the registry lacks some at these versions) are optional.
  if (!pinned.has(id) && !entry.optional) unpinned.push(`${path} (${id})`);
}
if (unpinned.length > 0) {
  console.error(`Installed versions the committed lockfile does not pin; run npm install and commit package-lock.json:\n  ${unpinned.join('\n  ')}`);
  process.exit(1);
}
console.log(`${Object.keys(installed).length} installed packages, every version pinned by the lockfile`);
