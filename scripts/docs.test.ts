import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  checkConfigurationTable,
  checkReferences,
  configurationTable,
  diskRepository,
  documentationFiles,
  generatedSection,
  isRepositoryPath,
  variablesInSource,
  variablesReadByApplication,
  variablesReadByConfig,
  withGeneratedSection,
  type Repository,
} from './docs-check';
import { filterTable } from '../lib/catalog/filters/table';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** A small repository in memory: these paths exist, `out/` is build output. */
const fakeRepo = (paths: string[], texts: Record<string, string> = {}): Repository => ({
  exists: (path) => paths.some((p) => p === path || p.startsWith(`${path}/`)),
  generated: (path) => path.startsWith('out/'),
  read: (path) => texts[path] ?? '',
});

describe('the reference checker', () => {
  const repo = fakeRepo(['README.md', 'docs/api.md', 'lib/config.ts', 'app/eventos/[slug]/page.tsx']);
  const api = { path: 'docs/api.md', text: '# The API\n\n## Paging and errors\n\nSee [the README](../README.md).\n' };

  it('accepts links and paths that exist, and anchors that name a heading', () => {
    const readme = {
      path: 'README.md',
      text: '# Title\n\n## Two commands\n\n[paging](docs/api.md#paging-and-errors), [up](#two-commands), [web](https://example.com/x.md), `lib/config.ts`, `app/eventos/[slug]/page.tsx`, `out/latest.json`, `/api/public/v1`, `text/markdown`\n',
    };
    expect(checkReferences([readme, api], repo)).toEqual([]);
  });

  it('reports a link to a missing file, a missing anchor and a link out of the repository', () => {
    const readme = { path: 'README.md', text: '# Title\n\n[a](docs/apj.md) [b](docs/api.md#paging) [c](#nowhere) [d](../../etc/passwd)\n' };
    expect(checkReferences([readme, api], repo)).toEqual([
      'README.md: link docs/apj.md names docs/apj.md, which does not exist',
      'README.md: link docs/api.md#paging: docs/api.md has no heading #paging',
      'README.md: link #nowhere: README.md has no heading #nowhere',
      'README.md: link ../../etc/passwd leaves the repository',
    ]);
  });

  it('reports a code span that names a missing repository path', () => {
    const readme = { path: 'README.md', text: 'The layers are in `lib/layers.ts`, the routes in `app/nowhere/`.\n' };
    expect(checkReferences([readme], repo)).toEqual([
      'README.md: `lib/layers.ts` names no file or folder of the repository',
      'README.md: `app/nowhere/` names no file or folder of the repository',
    ]);
  });

  it('reads the first word of each line of a code block as a possible path', () => {
    const readme = { path: 'README.md', text: '```\nlib/config.ts     the configuration\nlib/gone/          moved away\ncurl -H x\n```\n' };
    expect(checkReferences([readme], repo)).toEqual(['README.md: `lib/gone/` names no file or folder of the repository']);
  });

  it('tells repository paths from other code', () => {
    for (const path of ['lib/edge', 'lib/http/raw-request.mjs', 'e2e/support/heap-probe.mjs', '.next/routes-manifest.json', 'app/api/[...rest]']) {
      expect(isRepositoryPath(path), path).toBe(true);
    }
    for (const other of ['/api/public/v1', 'text/markdown', 'lib/**/*.test.ts', 'app/.well-known/…', '../shared/spec/x.md', 'npx tsx bench/memory.ts', 'application/problem+json', '{auth_url}/problems/<code>']) {
      expect(isRepositoryPath(other), other).toBe(false);
    }
  });

  it('numbers repeated headings as GitHub does', () => {
    expect([...anchorsOf('# A\n\n## Error codes\n\n## Error codes\n\n## `sort`: the order, in 2 ways!\n')]).toEqual(['a', 'error-codes', 'error-codes-1', 'sort-the-order-in-2-ways']);
  });
});

describe('the configuration checker', () => {
  const doc = '# Ops\n\n## Configuration\n\n| Variable | Default | Meaning |\n|---|---|---|\n| `PORT` | `3000` | Port. |\n| `HOST` | `0.0.0.0` | Address. |\n\n## Metrics\n\n| Metric | What |\n|---|---|\n| `up` | Up. |\n';

  it('reads the first column of the table under "Configuration" only', () => {
    expect(configurationTable(doc)).toEqual(['PORT', 'HOST']);
  });

  it('reports a variable that is read but not documented, and one documented but not read', () => {
    expect(checkConfigurationTable(['PORT', 'HOST'], ['PORT', 'HOST'])).toEqual([]);
    expect(checkConfigurationTable(['PORT', 'HOST', 'OLD_KNOB'], ['PORT', 'HOST', 'REDIS_URL'])).toEqual([
      'REDIS_URL is read by the application but missing from the configuration table',
      'OLD_KNOB is in the configuration table but nothing reads it',
    ]);
    expect(checkConfigurationTable(['PORT', 'PORT'], ['PORT'])).toEqual(['PORT appears twice in the configuration table']);
  });

  it('finds the variables a source reads', () => {
    expect(variablesInSource("const a = process.env.PORT ?? 1; const b = process.env['METRICS_HOST']; env.NOT_THIS;").sort()).toEqual(['METRICS_HOST', 'PORT']);
  });

  it('finds what lib/config.ts asks the environment for', () => {
    const names = variablesReadByConfig();
    expect(names).toContain('DATABASE_URL');
    expect(names).toContain('AUTH_LIMIT_ACCOUNT_MAILS_DAY');
    expect(names).not.toContain('HOST');
  });
});

describe('the documentation of this repository', () => {
  const files = documentationFiles(repoRoot);

  it('covers README.md and every page of docs/', () => {
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/agents.md', 'docs/accounts.md', 'docs/operators.md', 'docs/contributing.md']));
  });

  it('names only links, anchors and repository paths that exist', () => {
    expect(checkReferences(files, diskRepository(repoRoot))).toEqual([]);
  });

  it('documents in docs/operators.md exactly the environment variables the application reads', () => {
    const table = configurationTable(readFileSync(`${repoRoot}/docs/operators.md`, 'utf8'));
    expect(table.length).toBeGreaterThan(50);
    expect(checkConfigurationTable(table, variablesReadByApplication(repoRoot))).toEqual([]);
  });
});

describe('generated sections', () => {
  const page = ['# API', '', '<!-- filter table: generated by a script -->', '| old |', '<!-- end of filter table -->', '', 'after'].join('\n');

  it('reads the lines between the marks, and replaces only them', () => {
    expect(generatedSection(page, 'filter table')).toEqual(['| old |']);
    expect(generatedSection(page, 'other table')).toBeNull();
    const written = withGeneratedSection(page, 'filter table', ['| new |', '| row |']);
    expect(written).toBe(page.replace('| old |', '| new |\n| row |'));
    expect(() => withGeneratedSection(page, 'other table', [])).toThrow();
  });

  it("docs/api.md's filter table is the one the filters' declarations give (npm run docs:filters)", () => {
    const api = readFileSync(`${repoRoot}docs/api.md`, 'utf8');
    expect(generatedSection(api, 'filter table')).toEqual(filterTable());
  });
});
