// The import graph's rules (dependency-cruiser), checked by `npm run lint` over the whole repository
// (tools/lint.mjs; tools/test/import-graph.test.ts proves each kind fires). ESLint keeps the rules
// about what a file may name (no-restricted-imports); these are about the graph as a whole.
//
// Type-only imports count (`tsPreCompilationDeps`): they vanish from the compiled JavaScript, but a
// module that needs another's types cannot be read, moved or tested without it, so a circle of types
// ties its modules together as a circle of values does.

/** Where a circle of imports fails lint: the whole tree (narrow it here, with the reason, only while a circle waits for its fix). */
const CIRCLES_FORBIDDEN_IN = '^';

// svc-providers' layers, bottom first: a module imports its own layer and those below, never one
// above. A file's layer is the first that names it: composition, then shared, then its folder.
const PROVIDERS = '^svc-providers/src/';
/** On top: what wires the features together or starts from outside (HTTP routes, event handlers and consumers, the service, the seed, benches, tests). */
const composition = ['(service|main)\\.ts$', '(seed|bench|test)/', '.+\\.(routes|handler|consumer|test)\\.ts$'];
/** At the bottom: leaf modules every feature may use (configuration, the identity and storage clients, the US ZIP table, models, event builders). */
const shared = ['config\\.ts$', '(accounts|uploads|places)/', '.+\\.(model|event)\\.ts$'];
/** The features in between, lowest first; each reads only those before it. */
const features = [
  { layer: 'provider records', folders: ['providers'] },
  { layer: 'search index', folders: ['search'] },
  { layer: 'reviews and saved providers', folders: ['reviews', 'saved'] },
  { layer: 'features reading others', folders: ['provider-profile', 'directory', 'compare', 'figures', 'member-activity', 'admin'] },
];

const under = (patterns) => `${PROVIDERS}(${patterns.join('|')})`;
const folders = (layers) => layers.flatMap((feature) => feature.folders.map((folder) => `${folder}/`));
const leafOrTop = under([...composition, ...shared]);

const providersLayerRules = [
  {
    name: 'providers-composition-on-top',
    comment: 'svc-providers: routes, handlers, service.ts, the seed, benches and tests wire features together; no feature imports them.',
    severity: 'error',
    from: { path: PROVIDERS, pathNot: under(composition) },
    to: { path: under(composition) },
  },
  {
    name: 'providers-shared-at-bottom',
    comment: 'svc-providers: configuration, clients, models and event builders are leaves; they import no feature.',
    severity: 'error',
    from: { path: under(shared), pathNot: under(composition) },
    to: { path: under(folders(features)), pathNot: leafOrTop },
  },
  ...features.slice(0, -1).map((feature, index) => ({
    name: `providers-layers-${feature.folders.join('-')}`,
    comment: `svc-providers: ${feature.layer} import only what sits below them, never ${features
      .slice(index + 1)
      .map((above) => above.layer)
      .join(', ')}.`,
    severity: 'error',
    from: { path: under(folders([feature])), pathNot: leafOrTop },
    to: { path: under(folders(features.slice(index + 1))), pathNot: leafOrTop },
  })),
  {
    name: 'providers-every-folder-in-a-layer',
    comment: 'svc-providers: a new folder goes into one of the layers above before it imports the others.',
    severity: 'error',
    from: { path: PROVIDERS, pathNot: under([...composition, ...shared, ...folders(features)]) },
    to: { path: PROVIDERS },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or through others, can only be understood, changed and tested together.',
      severity: 'error',
      from: { path: CIRCLES_FORBIDDEN_IN },
      to: { circular: true },
    },
    ...providersLayerRules,
  ],
  options: {
    // Packages are ends of the graph. @altmed/contracts and @altmed/service-kit resolve to their built
    // dist/, which is left out like every build output: their sources are cruised as files of their own.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|\\.data)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
