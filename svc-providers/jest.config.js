/** @type {import('jest').Config} */
module.exports = {
  displayName: 'svc-providers',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': '@swc/jest' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  globalSetup: require.resolve('@altmed/local-stack/src/jest-global-setup.ts'),
  globalTeardown: require.resolve('@altmed/local-stack/src/jest-global-teardown.ts'),
  testTimeout: 30_000,
};
