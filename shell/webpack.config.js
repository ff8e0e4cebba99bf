// @ts-check
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { dependencies: deps } = require('./package.json');

/** Where the gateway (and so the dev proxy) listens. */
const GATEWAY_URL = process.env.GATEWAY_URL || 'http://127.0.0.1:8080';

/**
 * Shared singletons: one React, one router, one styled-components registry and one session store
 * (web-kit) across the shell and every remote.
 */
const shared = {
  react: { singleton: true, requiredVersion: deps.react },
  'react/jsx-runtime': { singleton: true, requiredVersion: deps.react },
  'react/jsx-dev-runtime': { singleton: true, requiredVersion: deps.react },
  'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-dom/client': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-router': { singleton: true, requiredVersion: deps['react-router-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
  'styled-components': { singleton: true, requiredVersion: deps['styled-components'] },
  '@altmed/web-kit': { singleton: true, requiredVersion: '^0.1.0' },
  '@altmed/contracts': { singleton: true, requiredVersion: '^0.1.0' },
};

/** @returns {import('webpack').Configuration} */
module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.ts',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      // Every app needs its own uniqueName, or two apps share one chunk-loading global.
      uniqueName: 'altmed_shell',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      // Build against the contracts' TypeScript source so the front end does not depend on
      // packages/contracts having been compiled first.
      alias: { '@altmed/contracts$': path.resolve(__dirname, '../packages/contracts/src/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
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
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        // Remotes are not listed here: their manifest URLs come from /remotes.json at run time.
        runtimePlugins: [path.resolve(__dirname, 'src/federation/remoteFallbackPlugin.ts')],
        // Load a remote's entry only when one of its modules is needed, not at start-up.
        shareStrategy: 'loaded-first',
        shared,
        dts: false,
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
    ],
    performance: { hints: false },
    devServer: {
      port: 3000,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      proxy: [{ context: ['/api', '/remotes.json', '/remotes/'], target: GATEWAY_URL, changeOrigin: false }],
    },
  };
};
