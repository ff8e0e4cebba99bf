// @ts-check
const { federatedAppConfig, keepRetiredFilesPlugin, publishEntryFilesLastPlugin, RETIRED_FILES_REGISTER } = require('./webpack');
const { webJestConfig } = require('./jest');

module.exports = { federatedAppConfig, keepRetiredFilesPlugin, publishEntryFilesLastPlugin, RETIRED_FILES_REGISTER, webJestConfig };
