import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { request, type Reply } from '../support/client';
import { targets } from '../api/targets';

const target = targets[0]!;
const BRANDS = ['aurora', 'mare', 'sertao'] as const;
// Page URLs (the listing and event pages) belong to the website; the authentication
// host is a separate service. Neither is served by this process's discovery layer.
const isPage = (path: string) => path === '/' || path.startsWith('/eventos/');

const get = (brand: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  request(target.port, path, { host: `${brand}.localhost:${target.port}`, headers, method });

/** Follows a URL a document names, the way a scanner would (same host, this server). */
async function resolves(brand: string, url: string): Promise<Reply | 'external' | 'page'> {
  const u = new URL(url);
  if (u.host !== `${brand}.localhost:${target.port}`) return 'external';
  if (isPage(u.pathname)) return 'page';
  // POST-only endpoints are probed with their CORS preflight.
  const postOnly = ['/mcp', '/a2a', '/api/public/v1/agent/identity'].includes(u.pathname);
  const res = await get(brand, u.pathname + u.search, {}, postOnly ? 'OPTIONS' : 'GET');
  expect([200, 204], `${url} → ${res.status}`).toContain(res.status);
  return res;
}

// The MCP server card's published schema (SEP-2127), vendored: lib/discovery/schemas/SOURCES.md.
const cardSchema = JSON.parse(readFileSync(new URL('../../lib/discovery/schemas/mcp-server-card.schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(cardSchema, 'server-card');
const validateCard = ajv.getSchema('server-card#/$defs/ServerCard')!;
// The ai-catalog.json manifest's schema (Agentic Resource Discovery), vendored beside it.
const validateAiCatalog = ajv.compile(JSON.parse(readFileSync(new URL('../../lib/discovery/schemas/ai-catalog.schema.json', import.meta.url), 'utf8')) as object);

const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)\]`]+/g)].map((m) => m[0].replace(/[.,;:]+$/, ''));

describe.each(BRANDS)('agent discovery for %s', (brand) => {
  const site = `http://${brand}.localhost:${target.port}`;

  test('robots.txt: allows the site, states Content-Signal, names the sitemap', async () => {
    const res = await get(brand, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Allow: \/$/m);
    expect(res.text).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(res.text).toMatch(new RegExp(`^Sitemap: ${site}/sitemap\\.xml$`, 'm'));
    await resolves(brand, `${site}/sitemap.xml`);
  });

  test('sitemap.xml lists the listing and every event page of the brand, with lastmod', async () => {
    const res = await get(brand, '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs[0]).toBe(`${site}/`);
    expect(locs[1]).toBe(`${site}/produtores`);
    // Then the landing pages (cities, categories, organizers), then every event.
    const events = locs.filter((loc) => loc.startsWith(`${site}/eventos/`));
    const landings = locs.slice(2, locs.length - events.length);
    expect(landings.length).toBeGreaterThan(0);
    for (const loc of landings) expect(loc).toMatch(new RegExp(`^${site}/(eventos-em|categoria|produtores)/[a-z0-9-]+$`));
    expect(events.length).toBeGreaterThan(100);
    expect(locs.slice(-events.length)).toEqual(events);
    expect((res.text.match(/<lastmod>/g) ?? []).length).toBe(events.length);
    // Every event of the brand is there, and only those: the API detail answers for each.
    for (const loc of events.slice(0, 15)) {
      const slug = loc.slice(`${site}/eventos/`.length);
      expect((await get(brand, `/api/public/v1/events/${slug}`)).status).toBe(200);
    }
  });

  test('llms.txt: llmstxt.org shape, and every URL it names resolves', async () => {
    const res = await get(brand, '/llms.txt');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.text).toMatch(/^# .+\n\n> .+/);
    expect(res.text).toMatch(/^## API$/m);
    for (const url of urlsIn(res.text)) if (!url.includes('{')) await resolves(brand, url);
  });

  test('the home page carries Link to the api-catalog, service-desc and service-doc', async () => {
    const res = await get(brand, '/');
    const link = res.header('link') ?? '';
    expect(link).toContain(`<${site}/.well-known/api-catalog>; rel="api-catalog"`);
    expect(link).toContain(`<${site}/.well-known/ai-catalog.json>; rel="ai-catalog"; type="application/ai-catalog+json"`);
    expect(link).toContain(`<${site}/api/public/v1/openapi.json>; rel="service-desc"`);
    expect(link).toMatch(/rel="service-doc"/);
    // Next may add its own preload links (relative, under /_next); the discovery ones are absolute.
    for (const m of link.matchAll(/<([^>]+)>; rel="(api-catalog|ai-catalog|service-desc|service-doc)"/g)) await resolves(brand, m[1]!);
  });

  test('api-catalog (RFC 9727): linkset with profile, anchored at the API, links that resolve; HEAD has Link', async () => {
    const res = await get(brand, '/.well-known/api-catalog');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const body = res.json() as { linkset: Array<Record<string, unknown>> };
    expect(body.linkset).toHaveLength(1);
    const entry = body.linkset[0] as { anchor: string } & Record<string, Array<{ href: string }>>;
    expect(entry.anchor).toBe(`${site}/api/public/v1`);
    for (const rel of ['service-desc', 'service-doc', 'status']) {
      expect(entry[rel]?.length, rel).toBeGreaterThan(0);
      for (const l of entry[rel]!) await resolves(brand, l.href);
    }
    const openapi = (await get(brand, '/api/public/v1/openapi.json')).json() as { openapi: string };
    expect(openapi.openapi).toBe('3.1.0');
    const head = await get(brand, '/.well-known/api-catalog', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.header('link')).toContain('rel="api-catalog"');
  });

  test('oauth-protected-resource (RFC 9728)', async () => {
    const res = await get(brand, '/.well-known/oauth-protected-resource');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/json');
    const body = res.json() as Record<string, unknown>;
    expect(body.resource).toBe(site);
    expect(body.authorization_servers).toEqual([site]);
    expect(body.bearer_methods_supported).toEqual(['header']);
    await resolves(brand, body.resource_documentation as string);
  });

  test('oauth-authorization-server (RFC 8414): issuer, endpoints on the auth host, honest about what is absent, agent_auth block', async () => {
    const res = await get(brand, '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    const body = res.json() as Record<string, unknown> & { agent_auth: Record<string, unknown> };
    const auth = `http://auth.localhost:${target.port}`;
    expect(body.issuer).toBe(site);
    // No OAuth grant is offered: the token endpoint is not RFC 6749's, so it lives in agent_auth.
    expect(body.response_types_supported).toEqual([]);
    expect(body.grant_types_supported).toEqual([]);
    for (const absent of ['authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'token_endpoint_auth_methods_supported', 'registration_endpoint', 'jwks_uri', 'code_challenge_methods_supported', 'scopes_supported']) {
      expect(body, absent).not.toHaveProperty(absent);
    }
    expect(body.agent_auth).toMatchObject({
      identity_types_supported: ['delegated_user'],
      credential_types_supported: ['bearer_token'],
      automated_registration_supported: false,
      registration_methods: [expect.objectContaining({ method: 'human_in_the_loop', register_uri: `${auth}/users` })],
      token_uri: `${auth}/auth/token`,
      revocation_uri: `${auth}/auth/revoke`,
      register_uri: `${auth}/users`,
      token_request: expect.objectContaining({ method: 'POST', content_type: 'application/json', fields: ['email', 'password', 'g-captcha-response'] }),
      revocation_request: expect.objectContaining({ method: 'DELETE' }),
    });
    await resolves(brand, body.agent_auth.skill as string);
  });

  test('auth.md: the hand-off, X-Origin, and the rules for agents', async () => {
    const res = await get(brand, '/auth.md');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('text/markdown; charset=utf-8');
    for (const phrase of [`X-Origin: ${site}`, 'Never ask for the person', 'password, two-step code or session token', 'CAPTCHA, the virtual queue or the purchase limit per taxpayer id', 'Revoke the token when the person', 'price including fees']) {
      expect(res.text).toContain(phrase);
    }
  });

  test('agent skills index (v0.2.0): every digest is the sha256 of the bytes served', async () => {
    const res = await get(brand, '/.well-known/agent-skills/index.json');
    expect(res.status).toBe(200);
    const index = res.json() as { $schema: string; skills: Array<{ name: string; type: string; description: string; url: string; digest: string }> };
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.map((s) => s.name).sort()).toEqual(['hand-off-to-site', 'search-events']);
    for (const s of index.skills) {
      expect(s.type).toBe('skill-md');
      const file = await resolves(brand, s.url);
      const bytes = Buffer.from((file as Reply).text, 'utf8');
      expect(s.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      expect((file as Reply).text).toMatch(new RegExp(`^---\\nname: ${s.name}\\ndescription: .+\\n---\\n`));
    }
  });

  test('MCP server card and A2A agent card point at endpoints that answer', async () => {
    const mcp = (await get(brand, '/.well-known/mcp/server-card.json')).json() as { transport: { type: string; endpoint: string }; tools: Array<{ name: string }> };
    expect(mcp.transport).toEqual({ type: 'streamable-http', endpoint: `${site}/mcp` });
    expect(mcp.tools.map((t) => t.name).sort()).toEqual(['get_event', 'get_event_page', 'search_events']);
    await resolves(brand, mcp.transport.endpoint);
    const card = (await get(brand, '/.well-known/agent-card.json')).json() as Record<string, unknown> & { supportedInterfaces: Array<{ url: string; protocolBinding: string; protocolVersion: string }>; skills: Array<{ id: string }> };
    for (const field of ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills']) {
      expect(card, field).toHaveProperty(field);
    }
    expect(card.supportedInterfaces[0]).toMatchObject({ url: `${site}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' });
    expect(card.skills.map((s) => s.id)).toEqual(['search_events', 'event_page']);
    await resolves(brand, card.supportedInterfaces[0]!.url);
  });

  test('A2A: the version the agent card declares is the one the endpoint speaks; others get VersionNotSupportedError', async () => {
    const card = (await get(brand, '/.well-known/agent-card.json')).json() as { supportedInterfaces: Array<{ protocolVersion: string }> };
    const rpc = (method: string, headers: Record<string, string>) =>
      request(target.port, '/a2a', {
        method: 'POST',
        host: `${brand}.localhost:${target.port}`,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method, params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'forró' }] } } }),
      });
    const ok = await rpc('SendMessage', { 'a2a-version': card.supportedInterfaces[0]!.protocolVersion });
    expect((ok.json() as { result?: unknown }).result).toBeDefined();
    for (const [method, headers] of [['SendMessage', {}], ['SendMessage', { 'a2a-version': '0.3' }], ['message/send', { 'a2a-version': '1.0' }]] as const) {
      const res = await rpc(method, headers);
      expect(res.status).toBe(200);
      expect(res.json(), `${method} ${JSON.stringify(headers)}`).toMatchObject({ id: 3, error: { code: -32009, data: [{ reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org' }] } });
      }
  });

  test('MCP server card (SEP-2127): its schema, its media type, open CORS, an hour of caching, ETag and 304, no tool list', async () => {
    const res = await get(brand, '/mcp/server-card', { accept: 'application/mcp-server-card+json' });
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/mcp-server-card+json');
    expect(res.header('cache-control')).toBe('public, max-age=3600');
    expect(res.header('access-control-allow-origin')).toBe('*');
    expect(res.header('access-control-expose-headers')).toContain('ETag');
    const card = res.json() as { name: string; description: string; version: string; remotes: Array<{ type: string; url: string; supportedProtocolVersions: string[] }> };
    expect(validateCard(card), JSON.stringify(validateCard.errors)).toBe(true);
    expect(card.name).toBe(`localhost.${brand}/event-catalog`);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(card).not.toHaveProperty('tools');
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: `${site}/mcp`, supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] }]);
    await resolves(brand, card.remotes[0]!.url);

    const etag = res.header('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(brand, '/mcp/server-card', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.header('etag')).toBe(etag);
    expect((await get(brand, '/mcp/server-card', { 'if-none-match': '"other"' })).status).toBe(200);
    const preflight = await get(brand, '/mcp/server-card', { origin: 'https://client.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.header('access-control-allow-methods')).toBe('GET');
    expect(preflight.header('access-control-allow-headers')).toBe('Content-Type, If-None-Match');
    expect((await get(brand, '/mcp/server-card', {}, 'POST')).status).toBe(405);
  });

  test('AI Catalog: its media type, the four documents with their types and urn:air identifiers, each served as it says', async () => {
    const res = await get(brand, '/.well-known/ai-catalog.json');
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toBe('application/ai-catalog+json');
    expect(res.header('access-control-allow-origin')).toBe('*');
    const catalog = res.json() as { specVersion: string; host: { displayName: string; identifier: string }; entries: Array<{ identifier: string; type: string; url: string } & Record<string, string>> };
    // The ARD schema of the manifest (what Lighthouse's `ard-schema` audit checks), then
    // the AI Catalog's own rules for a discoverable catalog.
    expect(validateAiCatalog(catalog), JSON.stringify(validateAiCatalog.errors)).toBe(true);
    expect(catalog.specVersion).toMatch(/^\d+\.\d+$/);
    expect(catalog.host.displayName).toBeTruthy();
    expect(catalog.host.identifier).toBe(`${brand}.localhost`);
    const types = {
      'application/mcp-server-card+json': `${site}/mcp/server-card`,
      'application/a2a-agent-card+json': `${site}/.well-known/agent-card.json`,
      'application/agent-skills+json': `${site}/.well-known/agent-skills/index.json`,
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"': `${site}/.well-known/api-catalog`,
    };
    expect(Object.fromEntries(catalog.entries.map((e) => [e.type, e.url]))).toEqual(types);
    expect(new Set(catalog.entries.map((e) => e.identifier)).size).toBe(catalog.entries.length);
    for (const entry of catalog.entries) {
      expect(entry.identifier).toMatch(new RegExp(`^urn:air:${brand}\\.localhost:[a-z0-9]+:[a-z0-9-]+$`));
      expect('url' in entry !== 'data' in entry).toBe(true);
      const doc = (await resolves(brand, entry.url!)) as Reply;
      if (entry.type === 'application/mcp-server-card+json') expect(doc.header('content-type')).toBe(entry.type);
      if (entry.type.startsWith('application/linkset+json')) expect(doc.header('content-type')).toBe(entry.type);
    }
    // Every entry is named (the schema requires it); the two cards describe themselves, so
    // their entries do not repeat the description.
    for (const entry of catalog.entries) expect(entry.displayName).toBeTruthy();
    for (const entry of catalog.entries.filter((e) => e.type.endsWith('-card+json'))) expect(entry).not.toHaveProperty('description');
  });

  test('a forged Host never changes a URL in any document', async () => {
    for (const path of ['/robots.txt', '/llms.txt', '/.well-known/api-catalog', '/.well-known/oauth-authorization-server', '/.well-known/agent-card.json', '/.well-known/ai-catalog.json', '/mcp/server-card']) {
      const res = await request(target.port, path, { host: `${brand}.localhost:${target.port}`, headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' } });
      expect(res.text, path).not.toContain('evil.example');
    }
  });
});
