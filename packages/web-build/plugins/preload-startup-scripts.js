// @ts-check

/**
 * The share key a ProvideSharedModule provides, from its public identifier: Module Federation's
 * `provide module (<scope>)[ (<layer>)] <key>@<version> = <request>`, webpack's own
 * `provide module (<scope>) <key>@<version>|<request>`. The key itself is a private field.
 * @param {import('webpack').Module} module
 */
function providedShareKeyOf(module) {
  const key = /^provide module \([^)]*\)(?: \([^)]*\))? (.+?)@[^@\s|]*(?: = |\|)/.exec(module.identifier())?.[1];
  if (!key) throw new Error(`PreloadStartupScripts: a provided shared module webpack names in a way it does not know: ${module.identifier()}`);
  return key;
}

/**
 * Adds `<link rel="preload" as="script">` for what the page runs at start-up but webpack loads only
 * once the entry has run: the chunks behind the entry's `import('./bootstrap')` (the federation's
 * async boundary) and the app's own provided copies of the shared modules that code uses (one
 * singleton each, the host's: `loaded-first`). The browser then fetches them beside the entry
 * instead of one round trip after it; the lazy pages' chunks are not preloaded.
 * @param {typeof import('html-webpack-plugin')} HtmlWebpackPlugin
 */
function preloadStartupScriptsPlugin(HtmlWebpackPlugin) {
  return {
    /** @param {import('webpack').Compiler} compiler */
    apply(compiler) {
      compiler.hooks.compilation.tap('PreloadStartupScripts', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupScripts', (data) => {
          const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
          const startup = compilation.chunkGroups.filter((group) =>
            group.origins.some(
              (origin) =>
                origin.request === './bootstrap' && origin.module && compilation.chunkGraph.getModuleChunks(origin.module).some((chunk) => chunk.hasRuntime()),
            ),
          );
          /** @param {import('webpack').ChunkGroup[]} groups */
          const sharedKeysConsumedBy = (groups) =>
            groups.flatMap((group) =>
              group.chunks.flatMap((chunk) =>
                compilation.chunkGraph
                  .getChunkModules(chunk)
                  .filter((module) => module.constructor.name === 'ConsumeSharedModule')
                  .map((module) => /** @type {{ options: { shareKey: string } }} */ (/** @type {unknown} */ (module)).options.shareKey),
              ),
            );
          // The shared modules start-up code uses, and those they use in turn (react-dom/client uses react-dom).
          const consumed = new Set(sharedKeysConsumedBy(startup));
          /** @type {import('webpack').ChunkGroup[]} */
          let provided = [];
          for (let size = -1; size !== consumed.size;) {
            size = consumed.size;
            provided = compilation.chunkGroups.filter((group) =>
              group.origins.some((origin) => origin.module?.constructor.name === 'ProvideSharedModule' && consumed.has(providedShareKeyOf(origin.module))),
            );
            for (const key of sharedKeysConsumedBy(provided)) consumed.add(key);
          }
          const files = new Set([...startup, ...provided].flatMap((group) => group.getFiles()).filter((file) => file.endsWith('.js')));
          for (const file of files) {
            data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${publicPath}${file}`, as: 'script' }));
          }
          return data;
        });
      });
    },
  };
}

module.exports = { preloadStartupScriptsPlugin };
