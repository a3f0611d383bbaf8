/**
 * Import boundaries, checked by `npm run lint:deps` (docs/decisions/011-module-boundaries.md).
 * Type-only imports count: a type reaching into another module's insides couples the two just as much.
 */
const serverModule = '^apps/server/src/modules/([^/]+)/';
const serverModuleIndex = '^apps/server/src/modules/[^/]+/index\\.ts$';
const webFeature = '^apps/web/src/features/([^/]+)/';
const webFeatureIndex = '^apps/web/src/features/[^/]+/index\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither side can be understood, tested or moved without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-through-index',
      severity: 'error',
      comment: 'A server module reaches another only through its index.ts: what that module offers.',
      from: { path: serverModule },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', serverModuleIndex],
      },
    },
    {
      name: 'server-outside-modules-through-index',
      severity: 'error',
      comment:
        'app.ts, plugins and the composition files (modules/*.ts) wire modules through their index.ts.',
      from: { path: '^apps/server/src/', pathNot: serverModule },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: serverModuleIndex },
    },
    {
      name: 'server-module-whole-behind-index',
      severity: 'error',
      comment:
        'Every file of a server module is reached from its index.ts, so two modules that import each other ' +
        'always meet in a cycle that no-circular reports (tests excepted: nothing imports them).',
      from: { path: '^apps/server/src/modules/([^/]+)/index\\.ts$' },
      to: { path: '^apps/server/src/modules/$1/', pathNot: '\\.test\\.ts$|\\.md$', reachable: false },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment: 'A web feature reaches another only through its index: never its components, api or routes.',
      from: { path: webFeature },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: ['^apps/web/src/features/$1/', webFeatureIndex] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The server is not a dependency of the web app; what both need lives in packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Shared code is used by the apps and uses none of them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
