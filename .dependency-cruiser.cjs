// The layers of the application, checked by dependency-cruiser in `npm test`
// (scripts/test.mjs, stage "dependency rules"). From the top:
//
//   entry points   app/, proxy.ts, instrumentation.ts, server.mjs, scripts/, bench/, e2e/
//   edge           lib/edge          the proxy's steps
//   start-up       lib/startup       fills the catalog when it opens
//                  lib/demo          the demo catalog it loads (data, not the catalog's code)
//   surfaces       lib/discovery, lib/a2a       the documents that describe the others, the A2A agent
//                  lib/mcp
//                  lib/markdown
//                  lib/pages    the public pages and their renderer (the framework's routes in app/ re-export them)
//                  lib/site, lib/openapi, lib/auth-host
//   HTTP           lib/agent
//                  lib/http
//   domain         lib/catalog, lib/accounts   (the catalog's folders: see the catalog-* rules)
//   data           lib/db, lib/brand
//   base           lib/observability, lib/server
//                  lib/config, lib/version, lib/process-shared, lib/lifecycle, lib/network (files of lib/ itself)
//
// A module imports its own folder and the folders below, never one above, and no two
// folders import each other, even through others (a folder rule). Tests (*.test.ts) sit
// beside what they test but are entry points: they may start whatever they need, so the
// cruise leaves them out (options.exclude).

const TEST = '\\.test\\.ts$';
const BASE = '^lib/(config|version|process-shared|lifecycle)\\.ts$|^lib/network\\.mjs$|^lib/(observability|server)/';
const DATA = '^lib/(db|brand)/';
const DOMAIN = '^lib/(catalog|accounts)/';
const HTTP = '^lib/(http|agent)/';
const SURFACES = '^lib/(pages|site|markdown|mcp|a2a|discovery|openapi|auth-host)/';
const STARTUP = '^lib/(startup|demo)/';
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
    {
      name: 'no-folder-cycles',
      comment: 'Two folders of lib/ that import each other, directly or through others, are one unit: neither can be read, moved or tested without the other.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib(/|$)' },
      to: { circular: true },
    },
    forbid(
      'lib-not-entry',
      'The library never reaches for the routes, the proxy or the tools that use it: they are the outermost layer.',
      '^lib/',
      ENTRY,
    ),
    forbid(
      'lib-files-import-no-folder',
      'The files of lib/ itself (configuration, version, process state, shutdown hooks, network addresses) are read by every folder, so they import none.',
      '^lib/[^/]+$',
      '^lib/[^/]+/',
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
    // Inside the catalog, folders name jobs and import one way: the root's shared files
    // (errors, schemas, categories, time, the snapshot cache, the record) ← search ←
    // filters ← listing ← the event's view; the import writes beside them.
    forbid(
      'catalog-root-is-shared',
      'The files at the catalog\'s root are what its folders share (errors, schemas, categories, time, the snapshot cache, the upstream record), so they import none of its folders.',
      '^lib/catalog/[^/]+$',
      '^lib/catalog/[^/]+/',
    ),
    forbid(
      'catalog-search-below-filters',
      'Search reads words and resolves them against the catalog\'s vocabulary; the filters, the listing and the event view build on it, and the import never needs it.',
      '^lib/catalog/search/',
      '^lib/catalog/(filters|listing|event|import)/',
    ),
    forbid(
      'catalog-filters-below-listing',
      'A filter declares its parameter, its SQL and its words; the listing combines the filters, never the other way round.',
      '^lib/catalog/filters/',
      '^lib/catalog/(listing|event|import)/',
    ),
    forbid(
      'catalog-listing-below-event',
      'The listing answers for many events; one event\'s view may reuse its SQL, never the other way round.',
      '^lib/catalog/listing/',
      '^lib/catalog/(event|import)/',
    ),
    forbid(
      'catalog-import-reads-no-answer',
      'The import reads lines and writes the catalog from the upstream record\'s schema: it answers no question, so it imports none of the folders that do.',
      '^lib/catalog/import/',
      '^lib/catalog/(search|filters|listing|event)/',
    ),
    forbid(
      'http-serves-surfaces',
      'HTTP plumbing (problems, negotiation, self-requests, rate limits) is shared by every surface and knows none of them.',
      HTTP,
      `${SURFACES}|${STARTUP}|${EDGE}`,
    ),
    forbid(
      'http-below-agent',
      'The anonymous credential and the rate limits answer with HTTP problems; HTTP plumbing knows nothing of who the client is.',
      '^lib/http/',
      '^lib/agent/',
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
    {
      name: 'openapi-and-auth-host-stand-alone',
      comment: 'The API description and the authentication host answer their own requests from the layers below; the discovery documents name them, they use no other surface.',
      severity: 'error',
      from: { path: '^lib/(openapi|auth-host)/', pathNot: TEST },
      to: { path: SURFACES, pathNot: '^lib/$1/' },
    },
    forbid(
      'markdown-below-agents',
      'Markdown converts the site\'s pages; MCP, A2A and the discovery documents use it, so it imports none of them (what they share lives lower, as lib/http/headers\'s CONTENT_SIGNAL).',
      '^lib/markdown/',
      '^lib/(mcp|a2a|discovery)/',
    ),
    forbid(
      'mcp-below-discovery-and-a2a',
      'The MCP server is described by the discovery documents and used by the A2A agent, never the other way round (the URLs they all name live in lib/http/brand-urls).',
      '^lib/mcp/',
      '^lib/(a2a|discovery)/',
    ),
    forbid(
      'site-below-pages',
      'The pages are made of the site\'s parts (its components\' words, formats, caches, headers); the site never reaches for a page.',
      '^lib/site/',
      '^lib/pages/',
    ),
    forbid(
      'site-below-discovery',
      'The sitemap and the other discovery documents list the site\'s pages; the site links to them by path and imports none of them.',
      '^lib/site/',
      '^lib/discovery/',
    ),
    forbid(
      'startup-only-from-entry',
      'Only an entry point starts the catalog: instrumentation.ts for the server, tools and tests for their own process; the demo data is what the start-up loads, so the catalog and the surfaces never read it.',
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
    // Tests are entry points (see the top): left out, so that what a test imports makes no
    // folder depend on another. node_modules stays in, followed no further: left out, every
    // package import would be dropped and no-dev-dependencies-in-production could not fail.
    exclude: { path: '^\\.next/|\\.test\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts'] },
  },
};
