// `npm run lint`: ESLint over the repository, one process per workspace (two at a time). The
// type-aware rules hold a TypeScript program per tsconfig, and one process holding all fifteen
// needed an 8 GB heap; one workspace's take 0.7-1.1 GB. Arguments are passed to every ESLint run
// (`npm run lint -- --fix`, `-- --no-cache`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
const passedOn = process.argv.slice(2);
const HEAP_MB = 3072;
const AT_ONCE = 2;

/** Each workspace, then everything outside them (root scripts, deploy files). */
const runs = [
  ...workspaces.map((dir) => ({ name: dir, targets: [dir], ignores: [] })),
  { name: '(outside the workspaces)', targets: ['.'], ignores: workspaces.map((dir) => `${dir}/**`) },
];

function lint({ name, targets, ignores }) {
  const cacheLocation = path.join(root, 'node_modules', '.cache', 'eslint', name.replace(/\W+/g, '_'), '');
  const args = [
    `--max-old-space-size=${HEAP_MB}`,
    eslint,
    ...targets,
    ...ignores.flatMap((pattern) => ['--ignore-pattern', pattern]),
    '--max-warnings',
    '0',
    '--cache',
    '--cache-location',
    cacheLocation,
    ...passedOn,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(`[lint] ${name}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...runs];
let failed = false;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let run = queue.shift(); run; run = queue.shift()) if (!(await lint(run))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
