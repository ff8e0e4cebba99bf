// @ts-check
/**
 * Dependencies published as ES modules only (and the ones they bring): Node 24 loads them with
 * require() itself, Jest's module loader only with --experimental-vm-modules, so swc makes CommonJS
 * of them for the tests. Every Node jest config (this one, tools', e2e's) goes through here.
 * @param {import('jest').Config} config
 * @returns {import('jest').Config}
 */
function withEsmDependencies(config) {
  const esmOnly = ['jose', 'http-proxy-middleware', 'httpxy', 'is-plain-obj', 'raw-body', 'kdbush', 'geokdbush', 'tinyqueue'];
  return {
    ...config,
    transform: { ...config.transform, '^.+\\.m?js$': ['@swc/jest', { module: { type: 'commonjs' } }] },
    transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  };
}

/**
 * The jest config of a Node workspace (services, gateway, back-end packages): TypeScript through
 * swc, tests beside their code. With `localStack`, the run starts servers of its own (MongoDB,
 * RabbitMQ vhost, SMTP sink, S3: see src/test-infrastructure.ts) unless `npm test` already did, each test file an events exchange of its own, and every answer read through supertest is checked against the serving service's OpenAPI document.
 * @param {{ displayName: string, localStack?: boolean }} options
 * @returns {import('jest').Config}
 */
function nodeJestConfig({ displayName, localStack = false }) {
  return withEsmDependencies({
    displayName,
    testEnvironment: 'node',
    transform: { '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }] },
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    testTimeout: 30_000,
    ...(localStack
      ? {
          globalSetup: require.resolve('./src/jest-global-setup.ts'),
          globalTeardown: require.resolve('./src/jest-global-teardown.ts'),
          setupFilesAfterEnv: [require.resolve('./src/jest-exchange-per-file.ts'), require.resolve('./src/jest-api-document-check.ts')],
        }
      : {}),
  });
}

module.exports = { nodeJestConfig, withEsmDependencies };
