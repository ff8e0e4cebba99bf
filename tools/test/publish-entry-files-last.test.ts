import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { publishEntryFilesLastPlugin } from '@altmed/web-build';

/**
 * What a page loading during a front-end redeploy relies on: the files without a hash in their name
 * (the entry a page loads first) change only after every hashed file is written, and each at once.
 */
let dir: string;
const dist = () => path.join(dir, 'dist');
const entryFile = () => path.join(dist(), 'entry.js');

/** What dist/ held when every other plugin had seen the files written (this plugin runs last). */
interface Observed {
  entry: string;
  chunks: Record<string, string>;
}

function build(message: string): Promise<Observed> {
  fs.writeFileSync(path.join(dir, 'index.js'), `import('./chunk.js').then(({ text }) => console.log(text, ${JSON.stringify(message)}));`);
  fs.writeFileSync(path.join(dir, 'chunk.js'), `export const text = ${JSON.stringify(`chunk of ${message}`)};`);
  let observed: Observed | undefined;
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: dist(), filename: 'entry.js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [
      {
        apply(observer: webpack.Compiler) {
          observer.hooks.afterEmit.tap('Observer', () => {
            const hashed = fs.readdirSync(dist()).filter((file) => /\.[0-9a-f]{8}\.js$/.test(file));
            observed = {
              entry: fs.existsSync(entryFile()) ? fs.readFileSync(entryFile(), 'utf8') : '',
              chunks: Object.fromEntries(hashed.map((file) => [file, fs.readFileSync(path.join(dist(), file), 'utf8')])),
            };
          });
        },
      },
      publishEntryFilesLastPlugin(),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => (error ? reject(error) : stats?.hasErrors() ? reject(new Error(stats.toString())) : resolve(observed!)));
    }),
  );
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-files-last-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it('writes the entry only after the chunks it names, and replaces it whole (a new file renamed over the old one)', async () => {
  await build('first build');
  const firstEntry = fs.readFileSync(entryFile(), 'utf8');
  const firstInode = fs.statSync(entryFile()).ino;

  const observed = await build('second build');
  // When every hashed file was already written, the entry was still the first build's.
  expect(observed.entry).toBe(firstEntry);

  const secondEntry = fs.readFileSync(entryFile(), 'utf8');
  expect(secondEntry).toContain('second build');
  expect(fs.statSync(entryFile()).ino).not.toBe(firstInode);
  // The chunk the new entry names was among them.
  const [newChunk] = Object.entries(observed.chunks).find(([, chunk]) => chunk.includes('chunk of second build'))!;
  expect(secondEntry).toContain(/\.([0-9a-f]{8})\.js$/.exec(newChunk)![1]);
  // Nothing is left beside it.
  expect(fs.readdirSync(dist()).filter((file) => file.startsWith('entry.js'))).toEqual(['entry.js']);
}, 60_000);
