const { nodeJestConfig } = require('@altmed/local-stack/jest-node-config');

// The gateway's tests start their own small upstreams: no local stack needed.
module.exports = nodeJestConfig({ displayName: 'gateway' });
