// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The apps and services: each one is deployed alone, so none may reach into another's folder. */
const units = ['shell', 'mfe-member', 'mfe-provider', 'mfe-admin', 'gateway', 'svc-identity', 'svc-providers', 'svc-billing', 'svc-notify'];
const frontEnds = ['shell', 'mfe-member', 'mfe-provider', 'mfe-admin', 'packages/web-kit'];

/** Packages are used through their entry points; these test and standalone helpers are the documented exceptions. */
const packageInternals = {
  regex:
    '^@altmed/(?!local-stack/src/(testing|redeploy)$|web-kit/src/testing/[^/]+$|web-kit/src/standalone$|web-kit/src/query$|contracts/src/identifiers$)[^/]+/(src|dist)(/|$)',
  message: "Import the package's entry point, not its internals (the package's README names the exceptions).",
};

/** @param {string} unit */
function unitPatterns(unit) {
  const others = units.filter((name) => name !== unit).join('|');
  return [
    packageInternals,
    {
      regex: `^(\\.\\./)+(${others}|packages)(/|$)`,
      message: `${unit} may import packages only (@altmed/* or npm), never another app's or package's folder.`,
    },
    { regex: `^(${others})(/|$)`, message: `${unit} may import packages only (@altmed/* or npm), never another app's source.` },
  ];
}

/** @param {string} unit */
function importBoundaries(unit) {
  return { files: [`${unit}/**`], rules: { 'no-restricted-imports': ['error', { patterns: unitPatterns(unit) }] } };
}

/** @param {string} dir @returns {string[]} the folders directly inside `dir` (none when it does not exist) */
function foldersIn(dir) {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
}

/** A relative path into a feature's folders (`../features/join/components/JoinDialog`), past its index. */
const deepFeaturePath = '^\\.{1,2}/(.*/)?features/[^/]+/.';
/** A relative path to a feature at all (`../features/join`, or deeper). */
const anyFeaturePath = '^\\.{1,2}/(.*/)?features(/|$)';

/**
 * no-restricted-imports sees `import … from` and `export … from` but not `import()`, with which the
 * apps load pages lazily: this holds dynamic imports to the same paths.
 * @param {{ regex: string, message: string }[]} patterns
 */
function dynamicImportRestrictions(patterns) {
  return patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message }));
}

/**
 * @param {string[]} files
 * @param {string} app
 * @param {{ regex: string, message: string }[]} patterns the front end's own patterns, beside unitPatterns(app)
 */
function frontEndImports(files, app, patterns) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...unitPatterns(app), ...patterns] }],
      'no-restricted-syntax': ['error', ...dynamicImportRestrictions(patterns)],
    },
  };
}

/**
 * Inside a front end, a feature uses another only through its public entry (`features/<name>/index.ts`),
 * as bulletproof-react's zones have it: `../../join` is allowed, `../../join/components/…` is not; and a
 * feature's own files import each other, never its index (which would make a cycle through it).
 * @param {string} app
 */
function featureBoundaries(app) {
  const features = foldersIn(`${app}/src/features`);
  return features.map((feature) => {
    const others = features.filter((name) => name !== feature).join('|');
    const crossFeature = {
      regex: `^(\\.\\./)+(${others})/`,
      message: `A feature uses another only through its public entry (features/<name>/index.ts), never its folders.`,
    };
    const ownIndexMessage = "A feature's files import each other directly, never the feature's own index.";
    const ownIndex = [
      { regex: '^\\.{1,2}(/\\.\\.)*(/index)?/?$', message: ownIndexMessage },
      { regex: `^(\\.\\./)+${feature}(/index)?/?$`, message: ownIndexMessage },
    ];
    return frontEndImports([`${app}/src/features/${feature}/**`], app, [...(others ? [crossFeature] : []), ...ownIndex]);
  });
}

/**
 * The rest of a front end's source meets features from outside, in two ways:
 * - its shared folders (`src/components`, `src/lib`, `src/hooks`, … every folder but `app` and
 *   `features`) never import a feature: shared code depends on no feature, so a feature can use it
 *   without a cycle;
 * - the app (`src/app`, and the entry files beside it) enters a feature only through its index.
 * @param {string} app
 */
function sharedAndAppBoundaries(app) {
  const shared = foldersIn(`${app}/src`).filter((name) => name !== 'app' && name !== 'features');
  const noFeature = {
    regex: anyFeaturePath,
    message: `Shared code (src/${shared.join(', src/')}) never imports a feature: move what it needs out of the feature, or let the feature hand it in.`,
  };
  const throughIndex = { regex: deepFeaturePath, message: 'Enter a feature through its public entry (features/<name>/index.ts), never its folders.' };
  return [
    ...(shared.length
      ? [
          frontEndImports(
            shared.map((name) => `${app}/src/${name}/**`),
            app,
            [noFeature],
          ),
        ]
      : []),
    frontEndImports([`${app}/src/app/**`, `${app}/src/*`], app, [throughIndex]),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.tools/**', '**/coverage/**', 'e2e/artifacts/**', '**/test-results/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.jest },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Callbacks and stores are passed around unbound (props, hooks' results, useSyncExternalStore):
      // declared as properties, they are typed as plain functions and unbound-method has nothing to flag.
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // An async function without await is harmless and often implements a Promise-returning interface;
      // no-floating-promises and no-misused-promises catch the mistakes that matter.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': ['error', { patterns: [packageInternals] }],
    },
  },
  ...units.map(importBoundaries),
  ...['shell', 'mfe-member', 'mfe-provider', 'mfe-admin'].flatMap((app) => [...featureBoundaries(app), ...sharedAndAppBoundaries(app)]),
  {
    files: frontEnds.map((dir) => `${dir}/**/*.{ts,tsx}`),
    ...reactHooks.configs.flat.recommended,
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...reactHooks.configs.flat.recommended.plugins, ...jsxA11y.flatConfigs.recommended.plugins },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser, ...globals.jest },
    },
  },
  {
    // Config and launcher scripts in plain JavaScript run in Node, outside any tsconfig.
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
