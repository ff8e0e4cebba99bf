// @ts-check
const { federatedAppConfig } = require('@altmed/web-build');

/** Served under /remotes/member/ by the gateway. */
module.exports = federatedAppConfig({
  dirname: __dirname,
  name: 'mfe_member',
  uniqueName: 'altmed_mfe_member',
  publicPath: 'auto',
  // The shell mounts mfe_member/ProviderProfilePage on /provider-profile/:providerId.
  exposes: {
    './ProviderProfilePage': './src/features/provider-profile/components/ProviderProfilePage.tsx',
  },
  devPort: 3001,
});
