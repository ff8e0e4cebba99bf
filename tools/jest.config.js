const { withEsmDependencies } = require('./jest-node-config');

/** @type {import('jest').Config} */
module.exports = withEsmDependencies({
  displayName: 'tools',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
});
