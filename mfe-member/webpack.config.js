// @ts-check
const { federatedAppConfig } = require('@altmed/web-build');

/** Served under /remotes/member/ by the gateway. */
const memberRemote = federatedAppConfig({
  dirname: __dirname,
  name: 'mfe_member',
  uniqueName: 'altmed_mfe_member',
  publicPath: 'auto',
  // The shell mounts mfe_member/ProviderProfilePage on /provider-profile/:providerId, mfe_member/DirectoryPage on /providers
  // and mfe_member/ComparePage on /compare.
  exposes: {
    './ProviderProfilePage': './src/features/provider-profile/components/ProviderProfilePage.tsx',
    './DirectoryPage': './src/features/directory/components/DirectoryPage.tsx',
    './ComparePage': './src/features/compare/components/ComparePage.tsx',
  },
  devPort: 3001,
});

/**
 * Leaflet's stylesheet, imported by the lazily loaded profile map, goes through webpack's own CSS
 * support into the map's chunk: the page downloads it only with the map.
 * @type {typeof memberRemote}
 */
module.exports = (env, argv) => {
  const config = memberRemote(env, argv);
  return { ...config, experiments: { ...config.experiments, css: true } };
};
