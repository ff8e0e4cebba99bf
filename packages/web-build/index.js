// @ts-check
const { federatedAppConfig, keepRetiredFilesPlugin, RETIRED_FILES_REGISTER } = require('./webpack');
const { webJestConfig } = require('./jest');

module.exports = { federatedAppConfig, keepRetiredFilesPlugin, RETIRED_FILES_REGISTER, webJestConfig };
