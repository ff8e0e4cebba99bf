/** @type {import('jest').Config} */
module.exports = {
  displayName: 'contracts',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': '@swc/jest' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};
