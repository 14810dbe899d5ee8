// Checks that keep the documentation (README.md and docs/*.md) true to the repository:
// every relative link and every repository path it names exists, every anchor names a
// heading, and the configuration table of docs/operators.md lists exactly the
// environment variables that the running application reads. Run by scripts/docs.test.ts.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Heading, Nodes, Root, Table } from 'mdast';
import { visit } from 'unist-util-visit';
import { readConfig } from '../lib/config';

/** A Markdown file of the documentation: its path from the repository root, and its text. */
export type DocFile = { path: string; text: string };

/** What a check needs to know of the repository. */
export type Repository = {
  /** Whether a file or folder exists at this path from the root ('/'-separated). */
  exists: (path: string) => boolean;
  /** Whether a path lies in build or run output (a folder that .gitignore lists). */
  generated: (path: string) => boolean;
  /** The text of a file, for the anchors of a Markdown file that is not one of those checked. */
  read: (path: string) => string;
};

/** The plain text of a node: its own value, or its children's. */
const toString = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(toString).join('') : '');

const parse = (text: string): Root => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a document's headings, repeated ones numbered as GitHub does (-1, -2…). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  visit(parse(text), 'heading', (node: Heading) => {
    const slug = headingSlug(toString(node));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  });
  return anchors;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const TOP_FOLDERS = /^(?:lib|app|e2e|scripts|bench|docs)\//;
const FILE_EXTENSION = /\.[a-z0-9]{1,6}\/?$/i;
// One path, nothing else: no blanks, placeholders (<x>, {x}, …), globs or URLs.
const PATH_LIKE = /^[\w.[\]-][\w.[\]/-]*$/;

/**
 * Whether an inline code span names a repository path: it reads as one path, and either
 * starts with a top-level source folder or has a '/' and a file extension. Paths that
 * leave the repository (`../…`) are not its to check.
 */
export function isRepositoryPath(code: string): boolean {
  if (!PATH_LIKE.test(code) || code.startsWith('../') || code.includes('/../')) return false;
  return TOP_FOLDERS.test(code) || (code.includes('/') && FILE_EXTENSION.test(code));
}

/** Resolves a link's path from the file it is in; null when it leaves the repository. */
function resolveFrom(file: string, target: string): string | null {
  const joined = normalize(join(dirname(file), decodeURIComponent(target))).split(sep).join('/');
  return joined === '..' || joined.startsWith('../') ? null : joined.replace(/\/$/, '') || '.';
}

/**
 * Every broken reference in the files: relative links to missing files, anchors that
 * name no heading, links out of the repository, and code spans (or the first word of a
 * line of a code block) that name a missing repository path. One line per problem, "<file>: <what>".
 */
export function checkReferences(files: DocFile[], repo: Repository): string[] {
  const problems: string[] = [];
  const anchors = new Map(files.map((f) => [f.path, anchorsOf(f.text)]));
  const checkPath = (file: string, code: string) => {
    if (!isRepositoryPath(code)) return;
    const path = code.replace(/\/$/, '');
    if (!repo.generated(path) && !repo.exists(path)) problems.push(`${file}: \`${code}\` names no file or folder of the repository`);
  };
  for (const file of files) {
    const tree = parse(file.text);
    visit(tree, (node: Nodes) => {
      if (node.type === 'link' || node.type === 'definition') {
        const url = node.url;
        if (EXTERNAL.test(url)) return;
        const [pathPart, anchor] = url.split('#', 2) as [string, string | undefined];
        const target = pathPart === '' ? file.path : resolveFrom(file.path, pathPart);
        if (target === null) {
          problems.push(`${file.path}: link ${url} leaves the repository`);
          return;
        }
        if (!repo.exists(target)) {
          problems.push(`${file.path}: link ${url} names ${target}, which does not exist`);
          return;
        }
        if (anchor !== undefined) {
          const known = anchors.get(target) ?? (target.endsWith('.md') ? anchorsOf(repo.read(target)) : null);
          if (known && !known.has(anchor)) problems.push(`${file.path}: link ${url}: ${target} has no heading #${anchor}`);
        }
      } else if (node.type === 'inlineCode') {
        checkPath(file.path, node.value);
      } else if (node.type === 'code') {
        // A listing of the tree ("Where things are"): the first word of each line.
        for (const line of node.value.split('\n')) checkPath(file.path, line.trim().split(/\s+/)[0] ?? '');
      }
    });
  }
  return problems;
}

/** The first column (inline code) of the table under a document's heading "Configuration". */
export function configurationTable(text: string): string[] {
  const tree = parse(text);
  let inSection = false;
  let table: Table | undefined;
  for (const node of tree.children) {
    if (node.type === 'heading') inSection = toString(node) === 'Configuration';
    else if (inSection && node.type === 'table' && !table) table = node;
  }
  if (!table) return [];
  return table.children.slice(1).flatMap((row) => {
    const first = row.children[0];
    const code = first?.children.find((c) => c.type === 'inlineCode');
    return code && code.type === 'inlineCode' ? [code.value] : [];
  });
}

/** The variables a source text reads as `process.env.NAME` or `process.env['NAME']`. */
export function variablesInSource(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\])/g)) found.add(m[1] ?? m[2]!);
  return [...found];
}

/** The variables lib/config.ts reads: every name its validation asks the environment for. */
export function variablesReadByConfig(): string[] {
  const asked = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(target, name) {
      if (typeof name === 'string') asked.add(name);
      return undefined;
    },
  });
  readConfig(env);
  return [...asked].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name));
}

/** Both directions: what is read but not in the table, and what the table lists that nothing reads. */
export function checkConfigurationTable(table: string[], read: string[]): string[] {
  const inTable = new Set(table);
  const isRead = new Set(read);
  const problems: string[] = [];
  for (const name of read) if (!inTable.has(name)) problems.push(`${name} is read by the application but missing from the configuration table`);
  for (const name of table) if (!isRead.has(name)) problems.push(`${name} is in the configuration table but nothing reads it`);
  const seen = new Set<string>();
  for (const name of table) {
    if (seen.has(name)) problems.push(`${name} appears twice in the configuration table`);
    seen.add(name);
  }
  return problems;
}

// ─── The repository itself ──────────────────────────────────────────────────────────

/** README.md and every Markdown file under docs/. */
export function documentationFiles(repoRoot: string): DocFile[] {
  const docs = readdirSync(join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(repoRoot, path), 'utf8') }));
}

/** The repository on disk; output folders are those .gitignore lists as folders. */
export function diskRepository(repoRoot: string): Repository {
  const ignoredFolders = readFileSync(join(repoRoot, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.startsWith('#') && !line.includes('*'))
    .map((line) => line.replace(/^\//, ''));
  return {
    exists: (path) => existsSync(join(repoRoot, path)),
    generated: (path) => ignoredFolders.some((folder) => `${path}/`.startsWith(folder)),
    read: (path) => readFileSync(join(repoRoot, path), 'utf8'),
  };
}

/** Runtime sources that may read the environment: the entry points and every non-test module of lib/ and app/. */
export function runtimeSources(repoRoot: string): string[] {
  const files = ['server.mjs', 'proxy.ts', 'instrumentation.ts'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(repoRoot, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(repoRoot, path)).isDirectory()) walk(path);
      else if (/\.(?:ts|tsx|mjs|js)$/.test(name) && !/\.test\.ts$/.test(name)) files.push(path);
    }
  };
  walk('lib');
  walk('app');
  return files.map((path) => relative(repoRoot, join(repoRoot, path)));
}

/** Every variable the running application reads: lib/config.ts's, and any read elsewhere in its sources. */
export function variablesReadByApplication(repoRoot: string): string[] {
  const names = new Set(variablesReadByConfig());
  for (const path of runtimeSources(repoRoot)) {
    if (path === 'lib/config.ts') continue;
    for (const name of variablesInSource(readFileSync(join(repoRoot, path), 'utf8'))) names.add(name);
  }
  return [...names].sort();
}

/** The first and last lines of a generated section of a page: `<!-- <name>: generated … -->` … `<!-- end of <name> -->`. */
const sectionMarks = (name: string) => [`<!-- ${name}: generated`, `<!-- end of ${name} -->`] as const;

/** The lines between a generated section's marks, or null when the page has none. */
export function generatedSection(text: string, name: string): string[] | null {
  const lines = text.split('\n');
  const [start, end] = sectionMarks(name);
  const from = lines.findIndex((l) => l.startsWith(start));
  const to = lines.findIndex((l, i) => i > from && l === end);
  return from < 0 || to < 0 ? null : lines.slice(from + 1, to);
}

/** The page with a generated section's lines replaced (the marks stay). */
export function withGeneratedSection(text: string, name: string, body: string[]): string {
  const lines = text.split('\n');
  const [start, end] = sectionMarks(name);
  const from = lines.findIndex((l) => l.startsWith(start));
  const to = lines.findIndex((l, i) => i > from && l === end);
  if (from < 0 || to < 0) throw new Error(`no section "${name}" to replace`);
  return [...lines.slice(0, from + 1), ...body, ...lines.slice(to)].join('\n');
}
