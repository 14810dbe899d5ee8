import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, describe, expect, test } from 'vitest';

// The layer rules of .dependency-cruiser.cjs, each shown to fail: a small tree in a
// temporary directory holds one deliberate back-import per rule (or two folders that import
// each other), and the cruise, with the project's rules and its exclusion of tests, must
// name that rule. The project's own tree is checked by the "dependency rules" stage of npm test.
const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IFlattenedRuleSet & { options: { exclude: { path: string } } };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Cruises a tree of files (path → source) with the project's rules; the names of the rules broken. */
async function broken(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  dirs.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = [...new Set(Object.keys(files).map((p) => p.split('/')[0]!))].filter((r) => r !== 'node_modules' && r !== 'package.json');
  const { output } = await cruise(
    roots,
    {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: rules.forbidden },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: rules.options.exclude,
    },
    { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  );
  const result = output as ICruiseResult;
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

const mod = 'export const x = 1;\n';

describe('layer rules', () => {
  test('a tree that keeps to the layers breaks no rule', async () => {
    expect(
      await broken({
        'app/page.tsx': "import { x } from '../lib/site/text';\nexport default x;\n",
        'lib/site/text.ts': "import { x } from '../catalog/events';\nexport { x };\n",
        'lib/catalog/events.ts': "import { x } from '../db/index';\nexport { x };\n",
        'lib/db/index.ts': "import { x } from '../config';\nexport { x };\n",
        'lib/config.ts': mod,
      }),
    ).toEqual([]);
  });

  test.each([
    ['the catalog throws an HTTP error', 'domain-speaks-no-http', { 'lib/catalog/get-event.ts': "import { x } from '../http/problem';\nexport { x };\n", 'lib/http/problem.ts': mod }],
    ['the database seeds the demo catalog', 'db-knows-no-catalog', { 'lib/db/index.ts': "import { x } from '../demo/generate';\nexport { x };\n", 'lib/demo/generate.ts': mod }],
    ['the database reads the brand registry', 'db-knows-no-catalog', { 'lib/db/index.ts': "import { x } from '../brand/registry';\nexport { x };\n", 'lib/brand/registry.ts': mod }],
    [
      'two folders import each other through modules that form no cycle',
      'no-folder-cycles',
      {
        'lib/catalog/events.ts': "import { y } from '../accounts/store';\nexport const x = y;\n",
        'lib/accounts/store.ts': mod.replace('x', 'y'),
        'lib/accounts/service.ts': "import { z } from '../catalog/errors';\nexport const w = z;\n",
        'lib/catalog/errors.ts': mod.replace('x', 'z'),
      },
    ],
    ['the configuration reads the metrics', 'lib-files-import-no-folder', { 'lib/config.ts': "import { x } from './observability/metrics';\nexport { x };\n", 'lib/observability/metrics.ts': mod }],
    ['HTTP plumbing reads the rate limits', 'http-below-agent', { 'lib/http/problem.ts': "import { x } from '../agent/rate-limit';\nexport { x };\n", 'lib/agent/rate-limit.ts': mod }],
    ['the API description uses the site', 'openapi-and-auth-host-stand-alone', { 'lib/openapi/document.ts': "import { x } from '../site/format';\nexport { x };\n", 'lib/site/format.ts': mod }],
    ['the authentication host uses a discovery document', 'openapi-and-auth-host-stand-alone', { 'lib/auth-host/router.ts': "import { x } from '../discovery/well-known';\nexport { x };\n", 'lib/discovery/well-known.ts': mod }],
    ['the Markdown cache reads a discovery text', 'markdown-below-agents', { 'lib/markdown/cache.ts': "import { x } from '../discovery/texts';\nexport { x };\n", 'lib/discovery/texts.ts': mod }],
    ['the Markdown layer uses MCP', 'markdown-below-agents', { 'lib/markdown/render.ts': "import { x } from '../mcp/event-markdown';\nexport { x };\n", 'lib/mcp/event-markdown.ts': mod }],
    ['the MCP server card reads the discovery URLs', 'mcp-below-discovery-and-a2a', { 'lib/mcp/server-card.ts': "import { x } from '../discovery/urls';\nexport { x };\n", 'lib/discovery/urls.ts': mod }],
    ['MCP uses the A2A agent', 'mcp-below-discovery-and-a2a', { 'lib/mcp/server.ts': "import { x } from '../a2a/executor';\nexport { x };\n", 'lib/a2a/executor.ts': mod }],
    ['the site reads the sitemap', 'site-below-discovery', { 'lib/site/landing.ts': "import { x } from '../discovery/sitemap';\nexport { x };\n", 'lib/discovery/sitemap.ts': mod }],
    ['the site uses the Markdown layer', 'site-below-its-renderings', { 'lib/site/brand-context.ts': "import { x } from '../markdown/cache';\nexport { x };\n", 'lib/markdown/cache.ts': mod }],
    ['HTTP plumbing imports a surface', 'http-serves-surfaces', { 'lib/http/loopback.ts': "import { x } from '../markdown/render';\nexport { x };\n", 'lib/markdown/render.ts': mod }],
    ['observability imports a surface', 'base-stays-base', { 'lib/observability/otel.ts': "import { x } from '../openapi/health-schema';\nexport { x };\n", 'lib/openapi/health-schema.ts': mod }],
    ['the brand registry queries the database', 'brand-is-configuration', { 'lib/brand/registry.ts': "import { x } from '../db/index';\nexport { x };\n", 'lib/db/index.ts': mod }],
    ['a surface fills the catalog', 'surfaces-are-not-started-here', { 'lib/mcp/server.ts': "import { x } from '../startup/catalog';\nexport { x };\n", 'lib/startup/catalog.ts': mod }],
    ['the catalog starts itself', 'startup-only-from-entry', { 'lib/catalog/events.ts': "import { x } from '../startup/catalog';\nexport { x };\n", 'lib/startup/catalog.ts': mod }],
    ['the catalog reads the demo data', 'startup-only-from-entry', { 'lib/catalog/listing/events.ts': "import { x } from '../../demo/generate';\nexport { x };\n", 'lib/demo/generate.ts': mod }],
    ['a shared catalog file reads the listing', 'catalog-root-is-shared', { 'lib/catalog/map.ts': "import { x } from './listing/events';\nexport { x };\n", 'lib/catalog/listing/events.ts': mod }],
    ['search reads a filter', 'catalog-search-below-filters', { 'lib/catalog/search/search-sql.ts': "import { x } from '../filters/near';\nexport { x };\n", 'lib/catalog/filters/near.ts': mod }],
    ['a filter reads the listing', 'catalog-filters-below-listing', { 'lib/catalog/filters/dates.ts': "import { x } from '../listing/query-params';\nexport { x };\n", 'lib/catalog/listing/query-params.ts': mod }],
    ['the listing reads the event view', 'catalog-listing-below-event', { 'lib/catalog/listing/events.ts': "import { x } from '../event/view';\nexport { x };\n", 'lib/catalog/event/view.ts': mod }],
    ['the import reads the listing', 'catalog-import-reads-no-answer', { 'lib/catalog/import/write.ts': "import { x } from '../listing/list-sql';\nexport { x };\n", 'lib/catalog/listing/list-sql.ts': mod }],
    ['a route calls a proxy step', 'edge-only-from-proxy', { 'app/page.tsx': "import { x } from '../lib/edge/pages';\nexport default x;\n", 'lib/edge/pages.ts': mod }],
    ['the library reaches for a route', 'lib-not-entry', { 'lib/site/text.ts': "import x from '../../app/page';\nexport { x };\n", 'app/page.tsx': 'export default 1;\n' }],
    ['server.mjs loads TypeScript', 'server-runs-outside-the-bundle', { 'server.mjs': "import { x } from './lib/config';\nconsole.log(x);\n", 'lib/config.ts': mod }],
    [
      'two catalog modules import each other',
      'no-circular',
      { 'lib/catalog/a.ts': "import { y } from './b';\nexport const x = y;\n", 'lib/catalog/b.ts': "import { x } from './a';\nexport const y = () => x;\n" },
    ],
    [
      'production code imports a devDependency',
      'no-dev-dependencies-in-production',
      {
        'package.json': JSON.stringify({ name: 'probe', devDependencies: { 'dev-only': '1.0.0' } }),
        'node_modules/dev-only/package.json': JSON.stringify({ name: 'dev-only', version: '1.0.0', main: 'index.js' }),
        'node_modules/dev-only/index.js': 'exports.x = 1;\n',
        'lib/site/text.ts': "import { x } from 'dev-only';\nexport { x };\n",
      },
    ],
  ])('%s: %s fails', async (_what, rule, files) => {
    expect(await broken(files)).toContain(rule);
  });

  test('a test file may start what it tests, and makes no folder depend on another', async () => {
    expect(
      await broken({
        'lib/catalog/search.test.ts': "import { x } from '../startup/catalog';\nexport { x };\n",
        'lib/startup/catalog.ts': "import { x } from '../catalog/events';\nexport { x };\n",
        'lib/catalog/events.ts': mod,
      }),
    ).toEqual([]);
  });

  test('folders that import one way only form no folder cycle', async () => {
    expect(
      await broken({
        'lib/discovery/texts.ts': "import { x } from '../mcp/protocol';\nexport { x };\n",
        'lib/discovery/well-known.ts': "import { x } from '../mcp/server-card';\nexport { x };\n",
        'lib/mcp/server-card.ts': "import { x } from './protocol';\nexport { x };\n",
        'lib/mcp/protocol.ts': "import { x } from '../http/brand-urls';\nexport { x };\n",
        'lib/http/brand-urls.ts': mod,
      }),
    ).toEqual([]);
  });

  test('every rule says why', () => {
    for (const rule of rules.forbidden ?? []) expect(rule.comment, rule.name).toMatch(/\w{3,}.*\./);
  });
});
