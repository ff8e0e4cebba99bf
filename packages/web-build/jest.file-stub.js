// A bundled file (a font) is its URL in the app; in tests any URL does.
module.exports = 'test-file-stub';
