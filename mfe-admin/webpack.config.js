// @ts-check
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { dependencies: deps } = require('./package.json');

const NAME = 'mfe_admin';
const DEV_PORT = 3003;
const GATEWAY_URL = process.env.GATEWAY_URL || 'http://127.0.0.1:8080';

/** Exposed modules: the shell mounts `mfe_admin/AdminApp` on /admin/*. */
const exposes = {
  './AdminApp': './src/app/AdminApp.tsx',
};

/** Same singletons as the shell: one React, router, styled-components and session store. */
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
    // The standalone app for this team's own development; the shell uses remoteEntry.js instead.
    entry: './src/index.ts',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      // Served under /remotes/admin/ by the gateway: chunks resolve relative to remoteEntry.js.
      publicPath: 'auto',
      uniqueName: 'altmed_mfe_admin',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
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
        name: NAME,
        filename: 'remoteEntry.js',
        exposes,
        manifest: true,
        shareStrategy: 'loaded-first',
        shared,
        dts: false,
      }),
      // Deep links in the dev server need absolute script URLs.
      new HtmlWebpackPlugin({ template: './public/index.html', publicPath: production ? 'auto' : '/' }),
    ],
    performance: { hints: false },
    devServer: {
      port: DEV_PORT,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      // The shell on :3000 may load this remote from here during development.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: GATEWAY_URL }],
    },
  };
};
