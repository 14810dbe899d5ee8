// The layers of the application, checked by dependency-cruiser in `npm test`
// (scripts/test.mjs, stage "dependency rules"). From the top:
//
//   entry points   app/, proxy.ts, instrumentation.ts, server.mjs, scripts/, bench/, e2e/
//   edge           lib/edge          the proxy's steps
//   start-up       lib/startup       fills the catalog when it opens
//   surfaces       lib/site, lib/markdown, lib/mcp, lib/a2a, lib/discovery, lib/openapi, lib/auth-host
//   HTTP           lib/http, lib/agent
//   domain         lib/catalog, lib/accounts
//   data           lib/db, lib/brand
//   base           lib/config, lib/version, lib/process-shared, lib/lifecycle, lib/observability, lib/server
//
// A module imports its own layer and the ones below, never one above. Tests (*.test.ts)
// sit beside what they test but are entry points: they may start whatever they need.

const TEST = '\\.test\\.ts$';
const BASE = '^lib/(config|version|process-shared|lifecycle)\\.ts$|^lib/(observability|server)/';
const DATA = '^lib/(db|brand)/';
const DOMAIN = '^lib/(catalog|accounts)/';
const HTTP = '^lib/(http|agent)/';
const SURFACES = '^lib/(site|markdown|mcp|a2a|discovery|openapi|auth-host)/';
const STARTUP = '^lib/startup/';
const EDGE = '^lib/edge/';
const ENTRY = '^(app/|proxy\\.ts$|instrumentation\\.ts$|server\\.mjs$|scripts/|bench/|e2e/)';

/** A rule that keeps the modules of `from` (tests, and `except`, aside) from importing `to`. */
const forbid = (name, comment, from, to, except) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: except ? `${TEST}|${except}` : TEST },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes its modules one unit: none can be read, tested or changed without the others.',
      severity: 'error',
      from: { path: '^(lib|app)/|^proxy\\.ts$' },
      to: { circular: true },
    },
    forbid(
      'lib-not-entry',
      'The library never reaches for the routes, the proxy or the tools that use it: they are the outermost layer.',
      '^lib/',
      ENTRY,
    ),
    forbid(
      'base-stays-base',
      'Configuration, versions, process state, shutdown hooks, logs, metrics and traces serve every layer, so they know none of them.',
      BASE,
      `${DATA}|${DOMAIN}|${HTTP}|${SURFACES}|${STARTUP}|${EDGE}`,
    ),
    forbid(
      'db-knows-no-catalog',
      'The database layer opens connections, migrates and answers queries. What fills the catalog (brands, demo) is the start-up\'s business.',
      '^lib/db/',
      `^lib/brand/|${DOMAIN}|${HTTP}|${SURFACES}|${STARTUP}|${EDGE}`,
    ),
    forbid(
      'brand-is-configuration',
      'The brand registry is read from configuration: it must not depend on the database or anything above it.',
      '^lib/brand/',
      `^lib/db/|${DOMAIN}|${HTTP}|${SURFACES}|${STARTUP}|${EDGE}`,
    ),
    forbid(
      'domain-speaks-no-http',
      'The catalog and the accounts return results and domain errors; lib/http/domain-problem turns them into problems.',
      DOMAIN,
      `${HTTP}|${SURFACES}|${STARTUP}|${EDGE}|^next(/|$)`,
    ),
    forbid(
      'http-serves-surfaces',
      'HTTP plumbing (problems, negotiation, self-requests, rate limits) is shared by every surface and knows none of them.',
      HTTP,
      `${SURFACES}|${STARTUP}|${EDGE}`,
    ),
    forbid(
      'surfaces-are-not-started-here',
      'A surface reads the catalog; it neither fills it (lib/startup) nor routes requests (lib/edge).',
      SURFACES,
      `${STARTUP}|${EDGE}`,
    ),
    forbid(
      'site-below-its-renderings',
      'Markdown, MCP and A2A are built on the site\'s pages and decisions (sale state, missing events), not the other way round.',
      '^lib/site/',
      '^lib/(markdown|mcp|a2a)/',
    ),
    forbid(
      'startup-only-from-entry',
      'Only an entry point starts the catalog: instrumentation.ts for the server, tools and tests for their own process.',
      '^lib/',
      STARTUP,
      STARTUP,
    ),
    forbid(
      'edge-only-from-proxy',
      'The proxy\'s steps run before routing, once per request: nothing else calls them.',
      '^(lib|app)/',
      EDGE,
      EDGE,
    ),
    {
      name: 'server-runs-outside-the-bundle',
      comment: 'server.mjs runs on plain Node, before Next: it can load JavaScript modules only, never TypeScript.',
      severity: 'error',
      from: { path: '^server\\.mjs$|^lib/(server|observability)/.+\\.mjs$|^lib/http/raw-request\\.mjs$|^lib/network\\.mjs$' },
      to: { path: '\\.(ts|tsx)$' },
    },
    {
      name: 'no-dev-dependencies-in-production',
      comment: 'The application is installed with its dependencies only in production: a devDependency there breaks at run time.',
      severity: 'error',
      from: { path: '^(lib|app)/|^(proxy|instrumentation)\\.ts$|^server\\.mjs$', pathNot: TEST },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts'] },
  },
};
