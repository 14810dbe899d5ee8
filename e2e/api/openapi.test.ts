import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../support/server';
import { api } from './helpers';
import { BRANDS, targets } from './targets';

const run = promisify(execFile);

type Doc = {
  openapi: string;
  info: { version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
};

describe.each(targets)('openapi.json on $name', (target) => {
  test.each(BRANDS)('%s: OpenAPI 3.1 with the brand base URL as server', async (brand) => {
    const doc = (await api(target, '/openapi.json', { brand })).json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: `http://${brand}.localhost:${target.port}/api/public/v1`, description: expect.any(String) }]);
  });

  test('documents the spec operations with their statuses', async () => {
    const doc = (await api(target, '/openapi.json')).json() as Doc;
    const ops = Object.fromEntries(Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [op.operationId, { path, m, statuses: Object.keys(op.responses) }])));
    expect(ops.listEvents).toMatchObject({ path: '/events', m: 'get' });
    expect(ops.listEvents!.statuses).toEqual(expect.arrayContaining(['200', '405', '502']));
    expect(ops.getEvent).toMatchObject({ path: '/events/{slug}', m: 'get' });
    expect(ops.getEvent!.statuses).toEqual(expect.arrayContaining(['200', '400', '404', '405']));
    expect(ops.issueAnonymousAgentCredential).toMatchObject({ path: '/agent/identity', m: 'post' });
    expect(ops.issueAnonymousAgentCredential!.statuses).toEqual(expect.arrayContaining(['201', '400', '405']));
    expect(ops.getHealth).toMatchObject({ path: '/health', m: 'get' });
  });

  test('every status each operation can answer, with the headers those answers carry', async () => {
    const doc = (await api(target, '/openapi.json')).json() as Doc & { components: { headers: Record<string, unknown> } };
    const op = (path: string, method = 'get') => doc.paths[path]![method]!.responses as Record<string, { headers?: Record<string, unknown> }>;
    const statuses = (path: string, method = 'get') => Object.keys(op(path, method)).sort();
    expect(statuses('/events')).toEqual(['200', '304', '400', '405', '421', '429', '500', '502']);
    expect(statuses('/events/{slug}')).toEqual(['200', '304', '400', '404', '405', '421', '429', '500', '502']);
    expect(statuses('/agent/identity', 'post')).toEqual(['201', '400', '405', '413', '421', '429', '500']);
    expect(statuses('/health')).toEqual(['200', '405', '421', '500']);
    expect(statuses('/openapi.json')).toEqual(['200', '304', '405', '421', '429', '500']);
    const names = (r: { headers?: Record<string, unknown> } | undefined) => Object.keys(r?.headers ?? {}).sort();
    expect(names(op('/events')['200'])).toEqual(['Access-Control-Allow-Origin', 'Cache-Control', 'Deprecation', 'ETag', 'Link', 'RateLimit', 'RateLimit-Policy', 'Sunset']);
    // The link to this description is on problems too, except for an unknown host (no brand to link to).
    for (const status of ['400', '404', '405', '429', '500', '502']) expect(names(op('/events/{slug}')[status]), status).toContain('Link');
    expect(names(op('/events/{slug}')['421'])).not.toContain('Link');
    expect(names(op('/events')['429'])).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy', 'Access-Control-Allow-Origin']));
    expect(names(op('/events')['502'])).toContain('Retry-After');
    expect(names(op('/events')['405'])).toContain('Allow');
    for (const h of ['Retry-After', 'RateLimit', 'RateLimit-Policy', 'ETag', 'Cache-Control', 'Access-Control-Allow-Origin', 'Deprecation', 'Sunset', 'Link']) expect(doc.components.headers).toHaveProperty(h);
  });

  test('the closed field lists of the spec, and every error code', async () => {
    const doc = (await api(target, '/openapi.json')).json() as Doc;
    const s = doc.components.schemas;
    const eventFields = ['id', 'slug', 'name', 'description', 'status', 'starts_at', 'ends_at', 'timezone', 'is_online', 'is_closed', 'url', 'images', 'location', 'producer'];
    expect(Object.keys(s.EventListItem!.properties!).sort()).toEqual([...eventFields].sort());
    expect(Object.keys(s.EventDetail!.properties!).sort()).toEqual([...eventFields].sort());
    expect(Object.keys(s.EventLocation!.properties!).sort()).toEqual(['city', 'formatted_address', 'latitude', 'longitude', 'name', 'state', 'state_abbr']);
    expect(Object.keys(s.PageMeta!.properties!).sort()).toEqual(['current_page', 'last_page', 'per_page', 'total', 'total_relation']);
    expect(Object.keys(s.Problem!.properties!).sort()).toEqual(['code', 'detail', 'error', 'status', 'title', 'type']);
    for (const code of ['slug_missing', 'event_not_found', 'not_found', 'method_not_allowed', 'unsupported_identity_type', 'invalid_body', 'upstream_unavailable', 'misdirected_request']) {
      expect(doc.info.description).toContain(`\`${code}\``);
    }
  });

  test('passes redocly lint (the recommended rules of redocly.yaml) without an error or a warning', async () => {
    const text = (await api(target, '/openapi.json', { brand: 'sertao' })).text;
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, text);
    const { stdout, stderr } = await run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--config', join(ROOT, 'redocly.yaml'), file], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((err: { stdout: string; stderr: string }) => {
      throw new Error(`redocly lint failed:\n${err.stdout}\n${err.stderr}`);
    });
    expect(`${stdout}${stderr}`).toMatch(/valid/i);
    expect(`${stdout}${stderr}`).not.toMatch(/\d+ errors?\b/);
    expect(`${stdout}${stderr}`).not.toMatch(/\d+ warnings?\b/);
  });
});
