// @ts-check
const path = require('node:path');
const { federatedAppConfig } = require('@altmed/web-build');

/** The host: served at the site root; remotes' manifest URLs come from /remotes.json at run time. */
module.exports = federatedAppConfig({
  dirname: __dirname,
  name: 'shell',
  uniqueName: 'altmed_shell',
  publicPath: '/',
  assetsDir: 'assets',
  runtimePlugins: [path.resolve(__dirname, 'src/federation/remoteFallbackPlugin.ts')],
  html: { template: './public/index.html', favicon: './public/favicon.svg' },
  devPort: 3000,
  // The dev server passes the API and the remotes (and their list) and the payment settings to the gateway.
  devProxy: ['/api', '/remotes.json', '/remotes/', '/payment-config.json'],
});
