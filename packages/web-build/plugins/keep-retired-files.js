// @ts-check
const fs = require('node:fs');
const path = require('node:path');

/** webpack's [contenthash:8] in an emitted file's name, or in the name of its compressed copy: what a redeploy keeps for a day. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+(\.br|\.gz)?$/i;
/** How long files that the current build no longer uses stay in dist/ for pages opened before it. */
const RETIRED_FILES_KEPT_MS = 24 * 60 * 60 * 1000;
/** When each such file stopped being part of the build (a dotfile: the gateway and nginx do not serve it). */
const RETIRED_FILES_REGISTER = '.retired-files.json';

/**
 * A build replaces dist/ while the site serves it (`npm run redeploy`): a tab opened before it
 * still asks for the previous build's hashed chunks. Those stay for a day after the build that
 * stopped using them; webpack's clean removes everything else, and older hashed files.
 * @returns {import('webpack').WebpackPluginInstance}
 */
function keepRetiredFilesPlugin() {
  return {
    /** @param {import('webpack').Compiler} compiler */
    apply(compiler) {
      const { CleanPlugin } = compiler.webpack;
      const registerPath = () => path.join(compiler.outputPath, RETIRED_FILES_REGISTER);
      /** @type {Record<string, number>} */
      let retired = {};
      compiler.hooks.thisCompilation.tap('KeepRetiredFiles', (compilation) => {
        /** @type {Record<string, number>} */
        let previous = {};
        try {
          previous = JSON.parse(fs.readFileSync(registerPath(), 'utf8'));
        } catch {
          // No build kept anything yet.
        }
        retired = {};
        const now = Date.now();
        CleanPlugin.getCompilationHooks(compilation).keep.tap('KeepRetiredFiles', (file) => {
          if (file === RETIRED_FILES_REGISTER) return true;
          if (!HASHED_FILE.test(file)) return undefined;
          const retiredAt = previous[file] ?? now;
          if (now - retiredAt >= RETIRED_FILES_KEPT_MS) return undefined;
          retired[file] = retiredAt;
          return true;
        });
      });
      compiler.hooks.afterEmit.tap('KeepRetiredFiles', () => {
        fs.writeFileSync(registerPath(), `${JSON.stringify(retired, null, 2)}\n`);
      });
    },
  };
}

module.exports = { keepRetiredFilesPlugin, RETIRED_FILES_REGISTER, HASHED_FILE };
