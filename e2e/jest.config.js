const { withEsmDependencies } = require('@altmed/local-stack/jest-node-config');

/**
 * Browser journeys against the whole system at SITE_URL (default http://127.0.0.1:8080), which the
 * test runner starts (`npm test`). One worker: each file drives its own Chromium.
 * @type {import('jest').Config}
 */
module.exports = withEsmDependencies({
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': '@swc/jest' },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
});
