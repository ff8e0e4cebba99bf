// @ts-check
const { webJestConfig } = require('@altmed/web-build');

const base = webJestConfig({ displayName: 'mfe-member', rootDir: __dirname });

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // Leaflet's stylesheet, imported by the maps, means nothing to jsdom.
    '\\.css$': require.resolve('@altmed/web-build/jest.file-stub.js'),
  },
  // react-leaflet ships ES modules only: compile it like the app's own code.
  transformIgnorePatterns: ['/node_modules/(?!(react-leaflet|@react-leaflet)/)'],
};
