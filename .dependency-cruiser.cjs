/**
 * Import boundaries, checked by `npm run lint:deps` (docs/decisions/011-module-boundaries.md).
 * Type-only imports count: a type reaching into another module's insides couples the two just as much.
 */
const serverModule = '^apps/server/src/modules/([^/]+)/';
const serverModuleIndex = '^apps/server/src/modules/[^/]+/index\\.ts$';
const webFeature = '^apps/web/src/features/([^/]+)/';
const webFeatures = '^apps/web/src/features/';
const webFeatureFront = '^apps/web/src/features/[^/]+/(index|routes)\\.tsx?$';

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
        'app.ts, plugins and the composition files (composition/*.ts) wire modules through their index.ts.',
      from: { path: '^apps/server/src/', pathNot: serverModule },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: serverModuleIndex },
    },
    {
      name: 'server-modules-are-folders',
      severity: 'error',
      comment: 'Every file under modules/ belongs to a module folder; wiring lives in composition/.',
      from: {},
      to: { path: '^apps/server/src/modules/[^/]+\\.[a-z]+$' },
    },
    {
      name: 'server-modules-not-composition',
      severity: 'error',
      comment: 'Modules are wired by the composition, never the reverse.',
      from: { path: serverModule },
      to: { path: '^apps/server/src/composition/' },
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
      name: 'bench-e2e-server-module-through-index',
      severity: 'error',
      comment:
        'Benches and end-to-end tests use a server module through its index.ts, as the rest of the server ' +
        'does: what a bench needs of a module is part of what the module offers.',
      from: { path: '^(bench|e2e)/' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: serverModuleIndex },
    },
    {
      name: 'bench-e2e-simulator-through-entry',
      severity: 'error',
      comment:
        'Benches and end-to-end tests use the simulator through @vaskedrift/simulator (its simulator.ts).',
      from: { path: '^(bench|e2e)/' },
      to: { path: '^apps/simulator/src/', pathNot: '^apps/simulator/src/simulator\\.ts$' },
    },
    {
      name: 'web-feature-not-feature',
      severity: 'error',
      comment:
        'A web feature never imports another feature: what several use lives in components/ or lib/, and a ' +
        'page or tab that shows several features is put together in app/ (apps/web/README.md).',
      from: { path: webFeature },
      to: { path: webFeatures, pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-features',
      severity: 'error',
      comment: 'components/ and lib/ are what features share: they import no feature and not app/.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: ['^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'web-feature-not-app',
      severity: 'error',
      comment: 'app/ composes the features; a feature never imports it.',
      from: { path: webFeatures },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-app-through-feature-front',
      severity: 'error',
      comment:
        'app/ reaches a feature only through its index.ts (what it offers) and its routes.tsx (its routes).',
      from: { path: '^apps/web/src/(app/|main\\.tsx$)' },
      to: { path: webFeatures, pathNot: webFeatureFront },
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
