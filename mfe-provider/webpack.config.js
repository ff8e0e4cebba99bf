// @ts-check
const { federatedAppConfig } = require('@altmed/web-build');

/** Served under /remotes/provider/ by the gateway. */
module.exports = federatedAppConfig({
  dirname: __dirname,
  name: 'mfe_provider',
  uniqueName: 'altmed_mfe_provider',
  publicPath: 'auto',
  // The shell mounts each page on its SPEC route (e.g. mfe_provider/QualificationsPage on /qualifications).
  exposes: {
    './ProviderPortalPage': './src/features/portal/components/ProviderPortalPage.tsx',
    './QualificationsPage': './src/features/portal/components/QualificationsPage.tsx',
    './ProfileContentPage': './src/features/portal/components/ProfileContentPage.tsx',
    './CompletionPage': './src/features/portal/components/CompletionPage.tsx',
    './ProviderDashboardPage': './src/features/dashboard/components/ProviderDashboardPage.tsx',
  },
  devPort: 3002,
});
