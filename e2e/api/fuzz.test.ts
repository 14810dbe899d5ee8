import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { api } from './helpers';
import { API, targets } from './targets';

// Random input, bounded in count, against the embedded target: the only statuses are
// the intended ones, every error is a problem (checked by the contract client), and
// nothing is ever a 5xx while the database is up.
const target = targets[0]!;
const RUNS = { numRuns: 60 };

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', '../..', '%00', "' OR 1=1 --", '<script>alert(1)</script>', 'São Paulo', 'ç'.repeat(300)),
  fc.integer().map(String),
);

function encode(s: string): string {
  // Lone surrogates cannot be percent-encoded as UTF-8; send their replacement.
  return encodeURIComponent(s.toWellFormed());
}

describe('fuzz on the embedded catalog', () => {
  test('list query strings always give a 200 list', async () => {
    // The spec's parameters, and names it does not know (the filters beyond it refuse bad values: below).
    const key = fc.constantFrom('q', 'city', 'state', 'organization', 'page', 'per_page', 'order', 'q[]', '');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, anyText), { maxLength: 6 }), async (pairs) => {
        const qs = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
        const res = await api(target, `/events?${qs}`);
        expect(res.status, qs).toBe(200);
        const meta = (res.json() as { meta: { per_page: number; current_page: number } }).meta;
        expect(meta.per_page).toBeGreaterThanOrEqual(1);
        expect(meta.per_page).toBeLessThanOrEqual(50);
        expect(meta.current_page).toBeGreaterThanOrEqual(1);
      }),
      RUNS,
    );
  });

  test('the filters beyond the spec give a 200 list or a 400 problem with its code', async () => {
    const key = fc.constantFrom('q', 'sort', 'date_from', 'date_to', 'near', 'radius_km');
    const value = fc.oneof(anyText, fc.constantFrom('2026-12-05', '2026-02-30', '-8.05,-34.88', '91,0', '10', 'distance', 'date', 'relevance'));
    const codes = ['invalid_date', 'invalid_date_range', 'invalid_near', 'invalid_radius', 'invalid_sort'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 5 }), async (pairs) => {
        const qs = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
        const res = await api(target, `/events?${qs}`);
        if (res.status === 400) expect(codes, qs).toContain((res.json() as { code: string }).code);
        else expect(res.status, qs).toBe(200);
      }),
      RUNS,
    );
  });

  test('slugs (unicode, long, encoded, traversal) give 400 or 404 problems', async () => {
    const slug = fc.oneof(
      anyText,
      fc.string({ maxLength: 3000 }),
      fc.array(fc.constantFrom('..', '.', '%2e', '%2F', 'etc', 'passwd', '\\'), { minLength: 1, maxLength: 6 }).map((p) => p.join('/')),
      fc.constantFrom('.', '..'),
    );
    await fc.assert(
      fc.asyncProperty(slug, async (s) => {
        const segment = encode(s);
        const res = await api(target, `/events/${segment}`);
        if (/^(\.|%2e){2}$/i.test(segment)) {
          // A dot-dot segment is resolved by the router: a redirect within the brand's site.
          expect(res.status).toBe(308);
          expect(res.header('location')).toMatch(new RegExp(`^http://aurora\\.localhost:${target.port}/api/public/v1`));
          return;
        }
        expect([400, 404], `${s} → ${res.status}`).toContain(res.status);
        expect(res.header('content-type')).toBe('application/problem+json');
      }),
      RUNS,
    );
  });

  test('identity bodies give 201 or a 400 problem', async () => {
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 200 }),
      fc.record({ type: fc.oneof(fc.constant('anonymous'), anyText, fc.integer(), fc.constant(null)) }).map((o) => JSON.stringify(o)),
    );
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json', '');
    await fc.assert(
      fc.asyncProperty(body, contentType, async (b, ct) => {
        const res = await api(target, '/agent/identity', { method: 'POST', body: b, headers: ct ? { 'content-type': ct } : {} });
        expect([201, 400], `${ct} ${b.slice(0, 80)} → ${res.status}`).toContain(res.status);
      }),
      RUNS,
    );
  });

  test('methods: the documented ones answer, every other is a 405 problem', async () => {
    const method = fc.oneof(
      fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'LINK', 'PURGE', 'SEARCH'),
      fc.stringMatching(/^[A-Z]{3,12}$/),
    );
    const path = fc.constantFrom('/events', '/events/x', '/health', '/agent/identity', '/openapi.json');
    await fc.assert(
      fc.asyncProperty(method, path, async (m, p) => {
        const res = await api(target, p, { method: m });
        expect(res.status, `${m} ${p}`).toBeLessThan(500);
        if (![200, 201, 204, 404, 400].includes(res.status)) {
          expect(res.status, `${m} ${p}`).toBe(405);
          expect(res.header('allow')).toBeTruthy();
        }
      }),
      RUNS,
    );
  });

  test('Host and Accept headers never break an answer or change a URL', async () => {
    const host = fc.oneof(fc.domain(), fc.constantFrom('localhost', '127.0.0.1', '[::1]', 'mare.localhost', 'MARE.LOCALHOST.', 'sertao.localhost:1'), fc.stringMatching(/^[a-z0-9.-]{1,40}$/));
    const accept = fc.oneof(fc.constantFrom('*/*', 'text/markdown', 'text/html', 'application/xml', 'application/json;q=0', 'garbage;;q=x'), fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')));
    await fc.assert(
      fc.asyncProperty(host, accept, async (h, a) => {
        const res = await request(target.port, `${API}/events?per_page=2`, { host: h, headers: { accept: a } });
        expect(res.status, `${h} ${a}`).toBe(200);
        for (const e of (res.json() as { data: Array<{ url: string }> }).data) {
          expect(e.url).toMatch(new RegExp(`^http://(aurora|mare|sertao)\\.localhost:${target.port}/eventos/`));
        }
      }),
      RUNS,
    );
  });
});
