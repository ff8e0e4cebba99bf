// @ts-check
const path = require('node:path');
const writeFileAtomic = require('write-file-atomic');
const { HASHED_FILE } = require('./keep-retired-files');

const PLUGIN = 'PublishEntryFilesLast';
const HOLDS_ENTRY_FILES = Symbol('holds entry files');

/**
 * A redeploy builds into the dist/ the site serves, and webpack writes each file in place, in no set
 * order: a page loading meanwhile could read half of remoteEntry.js, or a manifest naming a chunk not
 * written yet. The files without a hash in their name (index.html, remoteEntry.js, mf-manifest.json
 * and their compressed copies: what a page loads first, and what names everything else) are held
 * back until every other file is written, then each replaces the old one whole (written beside it,
 * then renamed over it).
 * @returns {import('webpack').WebpackPluginInstance}
 */
function publishEntryFilesLastPlugin() {
  return {
    /** @param {import('webpack').Compiler} compiler */
    apply(compiler) {
      /** @type {Map<string, string | Buffer>} */
      const held = new Map();
      compiler.hooks.emit.tap(PLUGIN, () => {
        held.clear();
        const output = compiler.outputFileSystem;
        if (!output || HOLDS_ENTRY_FILES in output) return;
        /** As webpack writes its files. @param {string} file @param {string | Buffer} content @param {(error: NodeJS.ErrnoException | null) => void} callback */
        const writeFile = (file, content, callback) => {
          if (HASHED_FILE.test(path.basename(file))) return output.writeFile(file, content, callback);
          held.set(file, content);
          return callback(null);
        };
        compiler.outputFileSystem = Object.assign(Object.create(output), { writeFile, [HOLDS_ENTRY_FILES]: true });
      });
      compiler.hooks.afterEmit.tapPromise(PLUGIN, async () => {
        await Promise.all([...held].map(([file, content]) => writeFileAtomic(file, content)));
        held.clear();
      });
    },
  };
}

module.exports = { publishEntryFilesLastPlugin };
