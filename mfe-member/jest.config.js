// @ts-check
const { webJestConfig } = require('@altmed/web-build');

module.exports = webJestConfig({ displayName: 'mfe-member', rootDir: __dirname });
