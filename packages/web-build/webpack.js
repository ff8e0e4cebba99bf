// @ts-check
const path = require('node:path');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');
const { keepRetiredFilesPlugin, RETIRED_FILES_REGISTER } = require('./plugins/keep-retired-files');
const { preloadStartupScriptsPlugin } = require('./plugins/preload-startup-scripts');
const { publishEntryFilesLastPlugin } = require('./plugins/publish-entry-files-last');

/**
 * The zod-free part of @altmed/contracts (constants and messages), from source: the front end
 * builds against it, not against the package's dist/.
 */
const CONTRACTS_WEB_SOURCE = path.resolve(__dirname, '../contracts/src/web.ts');

/** The workspace packages every app shares as singletons: their versions come from their own package.json. */
const WEB_KIT_VERSION = require('../web-kit/package.json').version;
const CONTRACTS_VERSION = require('../contracts/package.json').version;

/** What the apps share as `react-router-dom`: the router components and hooks they use, nothing else. */
const ROUTER_SHIM = path.resolve(__dirname, 'react-router-dom.ts');
const ROUTER_VERSION = require('react-router-dom/package.json').version;
/** react-router's export map names its development build only; production builds take the production one. */
const reactRouterBuild = (/** @type {'production' | 'development'} */ mode) =>
  path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', mode, 'index.mjs');

/** The page a remote serves when a team runs it on its own (`npm run dev -w mfe-…`). */
const STANDALONE_TEMPLATE = path.resolve(__dirname, 'standalone.html');

/**
 * @typedef {object} FederatedAppOptions
 * @property {string} dirname The app's folder (pass `__dirname`): its package.json gives the
 *   singleton versions, its node_modules the webpack plugins, and `dist/` is written there.
 * @property {string} name Module Federation container name (`shell`, `mfe_member`, …); the shell
 *   loads remote modules as `<name>/<Module>`.
 * @property {string} uniqueName `output.uniqueName`. Every app needs its own, or two apps share one
 *   chunk-loading global and the host renders one remote's module in the other's place.
 * @property {'/' | 'auto'} publicPath `/` for the shell (served at the site root), `auto` for a
 *   remote (served under /remotes/<area>/: chunks resolve relative to remoteEntry.js).
 * @property {number} devPort `webpack serve` port (shell 3000, remotes 3001-3003).
 * @property {Record<string, string>} [exposes] Exposed modules. Giving them makes the app a remote:
 *   it emits `remoteEntry.js` and `mf-manifest.json`, and its dev server answers cross-origin.
 * @property {string[]} [runtimePlugins] Module Federation runtime plugins (absolute paths).
 * @property {string} [assetsDir] Folder under dist/ for the scripts (`assets` for the shell;
 *   remotes keep them next to remoteEntry.js).
 * @property {{ template: string, favicon?: string }} [html] The app's own page template. Without
 *   it the app gets the standalone page, titled "<package name> (standalone)".
 * @property {string[]} [devProxy] Paths the dev server passes to the gateway (default `/api`).
 */

/**
 * Brotli (quality 11) and gzip (level 9) copies of the scripts, manifests and icons beside each
 * file (`main.1a2b3c4d.js.br`), which the gateway sends to browsers that accept them: about 13%
 * fewer bytes than compressing each response on the fly, at no cost per request.
 * @param {typeof import('compression-webpack-plugin')} CompressionPlugin
 */
function precompressPlugins(CompressionPlugin) {
  const test = /\.(js|json|svg)$/;
  /** @type {import('compression-webpack-plugin').BasePluginOptions<zlib.BrotliOptions> & import('compression-webpack-plugin').DefinedDefaultAlgorithmAndOptions<zlib.BrotliOptions>} */
  const brotli = {
    test,
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  };
  return [new CompressionPlugin(brotli), new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } })];
}

/**
 * Shared singletons: one React, one router, one styled-components registry and one session store
 * (web-kit) across the shell and every remote. Versions come from the app's own package.json.
 *
 * A remote checks the version the shell provides against its own package.json (and is refused a
 * web-kit or contracts of another minor version). The shell provides these libraries and loads
 * first, so for the third-party ones it checks nothing: the federation runtime builds its semver
 * regular expressions afresh for every check, about a fifth of the page's start-up script time on
 * a slow phone, to compare the shell's copy with the shell's own requirement. (react-query, which
 * the shell loads only with its account page, could then come from a remote's newer copy without
 * the console warning a non-strict singleton gives; the remotes are built from the same lockfile.)
 * @param {Record<string, string>} deps
 * @param {{ host: boolean }} options
 */
function sharedSingletons(deps, { host }) {
  /** @type {(dependency: string) => string | false | undefined} */
  const required = (dependency) => (host ? false : deps[dependency]);
  return {
    react: { singleton: true, requiredVersion: required('react') },
    'react/jsx-runtime': { singleton: true, requiredVersion: required('react') },
    'react/jsx-dev-runtime': { singleton: true, requiredVersion: required('react') },
    'react-dom': { singleton: true, requiredVersion: required('react-dom') },
    'react-dom/client': { singleton: true, requiredVersion: required('react-dom') },
    // One router for the shell and every remote, and only the part of it the apps use.
    'react-router-dom': { singleton: true, requiredVersion: required('react-router-dom'), import: ROUTER_SHIM, version: ROUTER_VERSION },
    'styled-components': { singleton: true, requiredVersion: required('styled-components') },
    // One query cache for the page: every remote's hooks share one react-query.
    ...(deps['@tanstack/react-query'] ? { '@tanstack/react-query': { singleton: true, requiredVersion: required('@tanstack/react-query') } } : {}),
    // An app built against another major (or, below 1.0, minor) version of a workspace package
    // is refused at run time instead of running against a web-kit it was not built for.
    '@altmed/web-kit': { singleton: true, strictVersion: true, version: WEB_KIT_VERSION, requiredVersion: `^${WEB_KIT_VERSION}` },
    // The page's one react-query client (see packages/web-kit/src/query.tsx).
    '@altmed/web-kit/src/query': { singleton: true, strictVersion: true, version: WEB_KIT_VERSION, requiredVersion: `^${WEB_KIT_VERSION}` },
    '@altmed/contracts/web': { singleton: true, strictVersion: true, version: CONTRACTS_VERSION, requiredVersion: `^${CONTRACTS_VERSION}` },
  };
}

/**
 * The webpack configuration of the shell or a remote. Everything the apps have in common lives
 * here; an app's webpack.config.js states only what is particular to it.
 * @param {FederatedAppOptions} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function federatedAppConfig(options) {
  const { dirname, name, uniqueName, publicPath, devPort, exposes, runtimePlugins, assetsDir, html, devProxy = ['/api'] } = options;
  // The plugins come from the app's own install, so they belong to the webpack that runs.
  const appRequire = createRequire(path.join(dirname, 'package.json'));
  /** @type {typeof import('html-webpack-plugin')} */
  const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
  /** @type {typeof import('compression-webpack-plugin')} */
  const CompressionPlugin = appRequire('compression-webpack-plugin');
  /** @type {typeof import('@module-federation/enhanced/webpack')} */
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  /** @type {{ name: string, dependencies: Record<string, string> }} */
  const pkg = appRequire('./package.json');
  /** Where the gateway (and so the dev proxy) listens. */
  const gatewayUrl = process.env.GATEWAY_URL || 'http://127.0.0.1:8080';
  const scripts = assetsDir ? `${assetsDir}/` : '';

  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      mode: production ? 'production' : 'development',
      // A remote's index.ts is its standalone app for the team's own development; the shell
      // uses its remoteEntry.js instead.
      entry: './src/index.ts',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.resolve(dirname, 'dist'),
        publicPath,
        uniqueName,
        filename: production ? `${scripts}[name].[contenthash:8].js` : `${scripts}[name].js`,
        chunkFilename: production ? `${scripts}[name].[contenthash:8].js` : `${scripts}[name].js`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js'],
        // Build against the contracts' TypeScript source so the front end does not depend on
        // packages/contracts having been compiled first.
        alias: { '@altmed/contracts/web$': CONTRACTS_WEB_SOURCE, 'react-router$': reactRouterBuild(production ? 'production' : 'development') },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            // (packages/web-build/react-router-dom.ts is compiled here too: it is the shared router.)
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                },
              },
            },
          },
          // Web fonts (the shell's @fontsource files): emitted as files the CSS points at.
          { test: /\.woff2$/, type: 'asset/resource', generator: { filename: `${scripts}fonts/[name].[contenthash:8][ext]` } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { filename: 'remoteEntry.js', exposes, manifest: true } : {}),
          // The shell lists no remotes here: their manifest URLs come from /remotes.json at run time.
          ...(runtimePlugins ? { runtimePlugins } : {}),
          // Load a remote's entry only when one of its modules is needed, not at start-up.
          shareStrategy: 'loaded-first',
          shared: sharedSingletons(pkg.dependencies, { host: !exposes }),
          dts: false,
          // Smaller federation runtime: browser code only, and a remote (which loads no remotes of
          // its own) without the remote-loading and manifest-snapshot code. About 10 KB less per
          // remote entry on every remote page.
          experiments: {
            optimization: { target: 'web', ...(exposes ? { disableSnapshot: true, disableRemote: true } : {}) },
          },
        }),
        new HtmlWebpackPlugin({
          template: html ? html.template : STANDALONE_TEMPLATE,
          ...(html?.favicon ? { favicon: html.favicon } : {}),
          ...(html ? {} : { title: `${pkg.name} (standalone)` }),
          // Deep links in the dev server need absolute script URLs.
          ...(publicPath === 'auto' ? { publicPath: production ? 'auto' : '/' } : {}),
        }),
        ...(html && production ? [preloadStartupScriptsPlugin(HtmlWebpackPlugin)] : []),
        ...(production ? [...precompressPlugins(CompressionPlugin), keepRetiredFilesPlugin(), publishEntryFilesLastPlugin()] : []),
      ],
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        // The shell on :3000 may load a remote from its dev server during development.
        ...(exposes ? { headers: { 'Access-Control-Allow-Origin': '*' } } : {}),
        proxy: [{ context: devProxy, target: gatewayUrl, changeOrigin: false }],
      },
    };
  };
}

module.exports = { federatedAppConfig, keepRetiredFilesPlugin, publishEntryFilesLastPlugin, RETIRED_FILES_REGISTER };
