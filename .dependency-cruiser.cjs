// The layer rule of ../shared/design/ARCHITECTURE.md, checked by `npm run depcruise` and by
// packages/domain/src/architecture.test.ts:
//   app -> delivery apps, adapters -> operations -> domain;  delivery apps -> http-kit -> protocol;
//   adapters-xml, the webhook sender, merchant-client -> protocol;  cli -> merchant-client, protocol.
// The HTTP side (the design card's adapters-http) is one folder of workspace packages:
// packages/adapters-http/{http-kit,json-api,payment-pages,merchant-dashboard,admin-api,webhook-sender}.
// Paths are as dependency-cruiser reports them: relative to the repository root, after
// resolution. Workspace packages (@kassa-payments/*) resolve through tsconfig.tests.json's paths to
// packages/<folder>/src/index.ts (or, through the node_modules/@kassa-payments/* symlinks, to
// packages/<folder>/dist/...), so the rules match the folder and never the module name.
// An import that does not resolve at all is an error of its own (`not-unresolvable`): otherwise
// a rule on paths would pass it unseen.

/** Test code: vitest suites and the fixtures only they import. */
const TEST = '\\.(test|fixture)\\.ts$';
/** A package from node_modules, by name, wherever npm placed it. */
const npm = (...names) => names.map((name) => `(^|/)node_modules/${name}/`);
const TEST_RUNNERS = npm('vitest', 'fast-check', '@fast-check/vitest');
/** One workspace package's folder, captured (for `$1`): packages/<name>/ or packages/adapters-http/<name>/. */
const PACKAGE = '^packages/((?:adapters-http/)?[^/]+)/';
/** The HTTP delivery apps: each serves a listener, or its routes on one; only app wires them. */
const DELIVERY_APPS = ['json-api', 'payment-pages', 'merchant-dashboard', 'admin-api'].map((name) => `adapters-http/${name}`);
const DELIVERY = `^packages/(${DELIVERY_APPS.join('|')})/`;
/**
 * The outbound adapters: every packages/adapters-<name> (storage, queue, XML, GeoIP, one added later)
 * and the webhook sender among the HTTP packages. Only app wires them.
 */
const ADAPTER = '^packages/(adapters-(?!http/)[^/]+|adapters-http/webhook-sender)/';
const HTTP_KIT = 'adapters-http/http-kit';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // 1. The domain is pure TypeScript over xstate.
    {
      name: 'domain-only-xstate',
      comment: 'Domain code imports only its own files and xstate (no Express, MongoDB, BullMQ, Inversify, other packages).',
      severity: 'error',
      from: { path: '^packages/domain/src/', pathNot: TEST },
      to: { pathNot: ['^packages/domain/src/', ...npm('xstate')], dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-no-node-builtins',
      comment: 'Domain code does no Node I/O: no node: built-ins (time, ids and randomness come through ports).',
      severity: 'error',
      from: { path: '^packages/domain/src/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-tests-only-test-runners',
      comment: 'Domain tests add only vitest, fast-check, @fast-check/vitest and node: built-ins: the domain stays pure (the use cases on in-memory ports are tested in adapters-memory/test).',
      severity: 'error',
      from: { path: `^packages/domain/src/.*${TEST}` },
      to: { pathNot: ['^packages/domain/src/', ...npm('xstate'), ...TEST_RUNNERS], dependencyTypesNot: ['core'] },
    },

    // 1b. Operations (sessions, the call log, idempotency, audit, administration, log masking, caller
    // authentication) sit between the domain and the adapters: they import the domain only, and
    // nothing below them imports them (the domain's rule above forbids it for the domain).
    {
      name: 'operations-only-domain',
      comment: 'packages/operations imports only its own files and @kassa-payments/domain (its tests also the test runners and node: built-ins): no adapter, transport, protocol or npm package.',
      severity: 'error',
      from: { path: '^packages/operations/src/', pathNot: TEST },
      to: { pathNot: ['^packages/(operations|domain)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'operations-no-node-builtins',
      comment: 'Operations code does no Node I/O either: its ports are implemented by the adapters.',
      severity: 'error',
      from: { path: '^packages/operations/src/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'operations-tests-only-test-runners',
      comment: 'Operations tests add only vitest, fast-check and @fast-check/vitest (and node: built-ins) to the domain.',
      severity: 'error',
      from: { path: `^packages/operations/src/.*${TEST}` },
      to: { pathNot: ['^packages/(operations|domain)/', ...TEST_RUNNERS], dependencyTypesNot: ['core'] },
    },
    {
      name: 'nothing-below-to-operations',
      comment: 'The domain, the protocol and merchant-client never import packages/operations: adapters, delivery apps, http-kit and app may.',
      severity: 'error',
      from: { path: '^packages/(domain|protocol|merchant-client)/' },
      to: { path: '^packages/operations/' },
    },

    // 2. The protocol is zod and node:crypto only.
    {
      name: 'protocol-only-zod',
      comment: 'Protocol code imports only its own files, zod and node:crypto (tests also vitest and fast-check).',
      severity: 'error',
      from: { path: '^packages/protocol/src/', pathNot: TEST },
      to: { pathNot: ['^packages/protocol/src/', ...npm('zod'), '^(node:)?crypto$'] },
    },
    {
      name: 'protocol-tests-only-test-runners',
      comment: 'Protocol tests import only protocol files, zod, node:crypto, node:fs (the shared signature test vectors), vitest, fast-check and @fast-check/vitest.',
      severity: 'error',
      from: { path: `^packages/protocol/src/.*${TEST}` },
      to: { pathNot: ['^packages/protocol/src/', ...npm('zod'), '^(node:)?crypto$', '^(node:)?fs$', ...TEST_RUNNERS] },
    },

    // 3. An adapter never imports another adapter; app wires them.
    {
      name: 'adapter-not-to-other-adapter',
      comment: "An adapter never imports another adapter (by @kassa-payments/adapters-* or by a relative path); packages/app wires them. An adapter's tests may use the in-memory ports.",
      severity: 'error',
      from: { path: ADAPTER, pathNot: TEST },
      to: { path: ADAPTER, pathNot: '^packages/$1/' },
    },
    {
      name: 'adapter-tests-only-memory',
      comment: "An adapter's tests may import the in-memory adapters, no other adapter.",
      severity: 'error',
      from: { path: `${ADAPTER}.*${TEST}` },
      to: { path: ADAPTER, pathNot: ['^packages/$1/', '^packages/adapters-memory/'] },
    },

    // 3b. The HTTP foundation: what every HTTP delivery app shares, below all of them.
    {
      name: 'http-kit-only-domain-operations-and-protocol',
      comment: 'packages/adapters-http/http-kit (what every HTTP delivery app shares) imports of the packages only @kassa-payments/domain, @kassa-payments/operations (masking for logs) and @kassa-payments/protocol: never a delivery app, an adapter or app.',
      severity: 'error',
      from: { path: '^packages/adapters-http/http-kit/' },
      to: { path: '^packages/', pathNot: `^packages/(${HTTP_KIT}|domain|operations|protocol)/` },
    },
    {
      name: 'http-kit-only-for-transports',
      comment: 'Only the HTTP delivery apps, app (and the dev-only devkit) import packages/adapters-http/http-kit: the domain, the protocol and the outbound adapters know nothing of HTTP listeners.',
      severity: 'error',
      from: { path: '^packages/', pathNot: [`^packages/(${HTTP_KIT}|app|devkit)/`, DELIVERY] },
      to: { path: '^packages/adapters-http/http-kit/', pathNot: '^packages/adapters-http/http-kit/src/testing/' },
    },
    {
      name: 'contract-suites-only-in-tests',
      comment: '@kassa-payments/domain/testing and @kassa-payments/operations/testing (the contract suites, their sample data) are for tests: no product code imports them (adapters-memory\'s test doubles re-export the sample project).',
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/(domain|operations)/src/testing/', '^packages/adapters-memory/src/test-doubles\\.ts$', '^packages/devkit/', TEST] },
      to: { path: '^packages/(domain|operations)/src/testing/' },
    },
    {
      name: 'http-kit-testing-only-in-tests',
      comment: "@kassa-payments/http-kit/testing (serve an app on a free port) is for tests, any package's: no product code imports it.",
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/adapters-http/http-kit/', TEST] },
      to: { path: '^packages/adapters-http/http-kit/src/testing/' },
    },
    {
      name: 'geoip-testing-only-in-tests',
      comment: "@kassa-payments/adapters-geoip/testing (MaxMind DB files written for tests) is for tests, any package's: no product code imports it.",
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/adapters-geoip/src/testing/', TEST] },
      to: { path: '^packages/adapters-geoip/src/testing/' },
    },

    // 4. Only app imports adapters; merchant-client depends on protocol only.
    {
      name: 'only-app-to-adapters',
      comment: "Only packages/app (the composition root) imports adapter packages (and the dev-only devkit; a delivery app's tests the in-memory ones).",
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/(app|devkit)/', ADAPTER, `^packages/domain/src/.*${TEST}`, `${DELIVERY}.*${TEST}`] },
      to: { path: ADAPTER },
    },
    {
      name: 'delivery-app-tests-only-memory',
      comment: "A delivery app's tests may run it on the in-memory adapters, no other adapter.",
      severity: 'error',
      from: { path: `${DELIVERY}.*${TEST}` },
      to: { path: ADAPTER, pathNot: ['^packages/adapters-memory/', '^packages/$1/'] },
    },
    {
      name: 'only-app-to-delivery-apps',
      comment: 'A delivery app never imports another, nor does any other package import one: packages/app (the composition root, and the dev-only devkit) wires them.',
      severity: 'error',
      from: { path: PACKAGE, pathNot: '^packages/(app|devkit)/' },
      to: { path: DELIVERY, pathNot: '^packages/$1/' },
    },
    {
      name: 'nothing-to-app',
      comment: 'packages/app is the composition root: no other package imports it (but the dev-only devkit, which starts it).',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/(app|devkit)/' },
      to: { path: '^packages/app/' },
    },
    {
      name: 'merchant-client-only-protocol',
      comment: 'merchant-client imports only its own files, @kassa-payments/protocol and node: built-ins (request signing).',
      severity: 'error',
      from: { path: '^packages/merchant-client/src/' },
      to: {
        pathNot: ['^packages/merchant-client/src/', '^packages/protocol/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'cli-only-merchant-side',
      comment:
        "The merchant's CLI imports only its own files, the protocol, merchant-client, commander, eventsource-parser, fast-xml-parser and node: built-ins: it installs alone, without the server's packages.",
      severity: 'error',
      from: { path: '^packages/cli/src/' },
      to: {
        pathNot: ['^packages/cli/src/', '^packages/(protocol|merchant-client)/', ...npm('commander'), ...npm('eventsource-parser'), ...npm('fast-xml-parser')],
        dependencyTypesNot: ['core'],
      },
    },
    // 4b. Tooling apart from product: no runtime package's code imports the devkit (tests may).
    {
      name: 'devkit-is-dev-only',
      comment: "No runtime package's src/ imports packages/devkit: fuzz, bench and the test servers' launchers never ship.",
      severity: 'error',
      from: { path: '^packages/(?!devkit/)(?:adapters-http/)?[^/]+/src/' },
      to: { path: '^packages/devkit/' },
    },
    // 5. Packages meet through their package names, never through each other's files.
    {
      name: 'no-relative-cross-package',
      comment: "No package imports another package's files by a relative path (../../other-package/src/...); import @kassa-payments/<name>.",
      severity: 'error',
      from: { path: PACKAGE },
      to: { dependencyTypes: ['local'], path: '^packages/', pathNot: '^packages/$1/' },
    },

    // 6. No cycles.
    {
      name: 'no-circular',
      comment: 'No circular dependencies.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },

    {
      name: 'not-unresolvable',
      comment: 'Every import resolves (an unresolved one would slip past the rules above).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Cruise the TypeScript sources only: built output and installed packages are targets, never sources.
    doNotFollow: { path: ['node_modules', '^packages/(?:adapters-http/)?[^/]+/dist/'] },
    // The installed `typescript` (7, the native compiler) has no JS API dependency-cruiser can use,
    // so swc (@swc/core, a root devDependency) parses the .ts files.
    parser: 'swc',
    // @kassa-payments/* -> packages/<name>/src/index.ts, as in vitest.config.ts.
    tsConfig: { fileName: 'tsconfig.tests.json' },
    // Resolve npm packages as Node does (ESM-only packages such as inversify have only "exports").
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
    // `import type` counts: a type import across a layer is still a dependency on that layer.
    tsPreCompilationDeps: true,
    skipAnalysisNotInRules: true,
  },
};
