// @ts-check
const { federatedAppConfig } = require('./webpack');
const { webJestConfig } = require('./jest');

module.exports = { federatedAppConfig, webJestConfig };
