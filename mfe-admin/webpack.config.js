// @ts-check
const { federatedAppConfig } = require('@altmed/web-build');

/** Served under /remotes/admin/ by the gateway. */
module.exports = federatedAppConfig({
  dirname: __dirname,
  name: 'mfe_admin',
  uniqueName: 'altmed_mfe_admin',
  publicPath: 'auto',
  // The shell mounts mfe_admin/AdminApp on /admin/*.
  exposes: { './AdminApp': './src/app/AdminApp.tsx' },
  devPort: 3003,
});
