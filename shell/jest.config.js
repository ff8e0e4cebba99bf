// @ts-check
const { webJestConfig } = require('@altmed/web-build');

module.exports = webJestConfig({ displayName: 'shell', rootDir: __dirname, setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'], stripeEmulator: true });
