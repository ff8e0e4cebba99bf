/** @type {import('jest').Config} */
module.exports = {
  displayName: 'gateway',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': '@swc/jest' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // The gateway's tests start their own small upstreams: no local stack needed.
  testTimeout: 30_000,
};
