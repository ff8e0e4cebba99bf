// @ts-check
const { webJestConfig } = require('@altmed/web-build');

module.exports = webJestConfig({ displayName: 'web-kit', rootDir: __dirname });
