const { nodeJestConfig } = require('@altmed/local-stack/jest-node-config');

module.exports = nodeJestConfig({ displayName: 'svc-billing', localStack: true });
