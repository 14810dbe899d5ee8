import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// The ALTCHA widget, self-hosted from the `altcha` package (no CDN): the CSP-friendly
// "external" build, its pt-BR strings, the SHA worker file and the stylesheet, plus a
// small module that loads them and registers the worker.
const PACKAGE = join(process.cwd(), 'node_modules', 'altcha', 'dist');
const FILES: Record<string, { path?: string; body?: string; type: string }> = {
  'widget.js': { path: 'external/altcha.min.js', type: 'text/javascript; charset=utf-8' },
  'pt-br.js': { path: 'i18n/pt-br.js', type: 'text/javascript; charset=utf-8' },
  'sha-worker.js': { path: 'workers/sha.js', type: 'text/javascript; charset=utf-8' },
  'altcha.css': { path: 'external/altcha.css', type: 'text/css; charset=utf-8' },
  'setup.js': {
    body: "import '/altcha/widget.js';\nimport '/altcha/pt-br.js';\nglobalThis.$altcha.algorithms.set('SHA-256', () => new Worker('/altcha/sha-worker.js'));\n",
    type: 'text/javascript; charset=utf-8',
  },
};

const cache = new Map<string, string>();

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const entry = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
  if (!entry) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  let body = entry.body ?? cache.get(file);
  if (body === undefined) {
    body = await readFile(join(PACKAGE, entry.path!), 'utf8');
    cache.set(file, body);
  }
  return new Response(body, { headers: { 'Content-Type': entry.type, 'Cache-Control': 'public, max-age=3600' } });
}
