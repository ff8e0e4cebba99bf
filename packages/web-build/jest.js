// @ts-check
const path = require('node:path');

/**
 * @typedef {object} WebJestOptions
 * @property {string} displayName The workspace's name in jest's output.
 * @property {string} rootDir The workspace folder (pass `__dirname`); tests are `src/**\/*.test.ts(x)`.
 * @property {string[]} [setupFilesAfterEnv] Extra per-test-file setup of this workspace, after
 *   `@testing-library/jest-dom` (e.g. `'<rootDir>/jest.setup.ts'`).
 * @property {boolean} [stripeEmulator] Its tests pay through the Stripe emulator's Stripe.js: they get
 *   `npm test`'s emulator (STRIPE_API_URL), or when run alone one of their own.
 */

/**
 * The jest configuration of a front-end workspace: jsdom, swc for TS/TSX with the automatic JSX
 * runtime, @altmed/contracts/web from its source, the TextEncoder polyfill react-router 7 needs, and
 * the jest-dom matchers.
 * @param {WebJestOptions} options
 * @returns {import('jest').Config}
 */
function webJestConfig({ displayName, rootDir, setupFilesAfterEnv = [], stripeEmulator = false }) {
  return {
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    transform: {
      '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
    },
    moduleNameMapper: {
      '^@altmed/contracts/web$': path.resolve(__dirname, '../contracts/src/web.ts'),
      // Tests see the same router surface as the built apps.
      '^react-router-dom$': path.resolve(__dirname, 'react-router-dom.ts'),
      // A font file is a URL to the app's code.
      '\\.woff2$': path.resolve(__dirname, 'jest.file-stub.js'),
    },
    setupFiles: [path.resolve(__dirname, 'jest.polyfills.js')],
    setupFilesAfterEnv: ['@testing-library/jest-dom', ...setupFilesAfterEnv],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    ...(stripeEmulator
      ? {
          globalSetup: require.resolve('@altmed/stripe-emulator/src/jest-setup.ts'),
          globalTeardown: require.resolve('@altmed/stripe-emulator/src/jest-teardown.ts'),
        }
      : {}),
  };
}

module.exports = { webJestConfig };
