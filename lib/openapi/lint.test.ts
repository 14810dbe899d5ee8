import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { authOpenApi } from '../auth-host/openapi';
import { demoRegistry } from '../brand/registry';
import { buildOpenApi } from './document';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const brands = demoRegistry(3000).brands;

type Report = { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };

/** Redocly's lint of a document with the project's redocly.yaml (the recommended rules): its JSON report. */
async function lint(name: string, doc: unknown): Promise<Report> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const args = ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', file];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // The CLI exits 1 when it finds an error; its report is on stdout either way.
  const { stdout } = await run(join(ROOT, 'node_modules/.bin/redocly'), args, { cwd: dir, env }).catch((err: { stdout?: string; stderr?: string }) => {
    if (!err.stdout) throw new Error(`redocly lint did not run: ${err.stderr}`);
    return { stdout: err.stdout };
  });
  return JSON.parse(stdout) as Report;
}

const problems = (report: Report) => report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

// Both documents built as the server builds them, for the demo brands on localhost.
describe('the OpenAPI documents pass Redocly recommended rules, without an error or a warning', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test.each(brands.map((b) => [b.id, b] as const))("the brand's API (%s)", async (_id, brand) => {
    const report = await lint(`brand-${brand.id}`, buildOpenApi(brand));
    expect(problems(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  test('the authentication host, every open operation saying so with security: []', async () => {
    const doc = authOpenApi('http://auth.localhost:3000', brands);
    const report = await lint('auth-host', doc);
    expect(problems(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    const open = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { security?: unknown[] }>)
        .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open.sort()).toEqual(['GET /captcha/challenge', 'POST /auth/token', 'POST /password/forgot', 'POST /password/reset', 'POST /users']);
  });
});
