import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { request } from '../support/client';
import { a2aAsk, importEvents, mcpEventPage, pageMarkdown } from '../support/agent-markdown';
import { htmlNodes, linkUrls, outline, SERVICE_FORM } from '../support/markdown-shape';
import { rawRequest } from '../support/raw';
import { API, targets } from './targets';
import { SHORT_SNAPSHOT_MS } from './global-setup';

// Property-based tests of what no HTTP client would send: raw request lines and headers
// through a socket, bodies of any depth and size, and Markdown syntax in every text
// field of the catalog. Runs are bounded so that the whole file takes seconds.
const target = targets[0]!;
const host = `aurora.localhost:${target.port}`;
const BRAND_URL = /^http:\/\/(aurora|mare|sertao)\.localhost:\d+(\/|$)/;
const INTERNAL = /Maximum call stack|RangeError|TypeError|SyntaxError|at \S+ \(|node_modules|\.js:\d+/;

const token = fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,12}$/);
const method = fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'PROPFIND', 'CONNECT', 'TRACK', 'get', 'G ET', ''), token);
const pathPiece = fc.oneof(
  fc.constantFrom('/', '/api/public/v1/events', '/api/public/v1/events/', '/eventos/', '/mcp', '/a2a', '/.well-known/', '/problems/', '/sitemaps/', '/md/', '/_next/', '/api/floor', '/robots.txt'),
  fc.constantFrom('%', '%ff', '%e9', '%2F', '%00', '%%', '%zz', '..', '//', '\\', '?', '#', ';', '*', '~', 'é', '\u202e', '\t', ' '),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc.stringMatching(/^[a-z0-9-]{1,20}$/),
);
const target_ = fc.oneof(
  fc.array(pathPiece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  fc.constantFrom('*', 'http://evil.example/', 'http://evil.example', 'https://evil.example//x', 'http://user@evil.example/', 'HTTP://EVIL.EXAMPLE/api/public/v1/events/', 'mailto:x@y', 'evil.example:80', '//evil.example/', '/\\evil.example/', `http://mare.localhost:${target.port}/`),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ maxLength: 3000 }).map((s) => `/${encodeURIComponent(s.toWellFormed())}`),
);
const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/1.1', 'HTTP/2.0', 'HTTP/1.1 ', 'http/1.1', '');
const headerLine = fc.oneof(
  fc.constantFrom(
    `Host: ${host}`,
    `Host: mare.localhost:${target.port}`,
    'Host: evil.example',
    'Host:',
    'Host: a b',
    'Accept: text/markdown',
    'Accept: text/markdown;q=1, text/html;q=0.1',
    'Content-Length: 5',
    'Content-Length: -1',
    'Content-Length: 1, 2',
    'Transfer-Encoding: chunked',
    'Transfer-Encoding: gzip',
    'X-Agent-Credential: ac1.x.y',
    'X-Catalog-Internal: forged',
    'X-Catalog-Peer: 10.0.0.1',
    'X-Catalog-Original-Method: TRACE',
    'X-Forwarded-Host: evil.example',
    'X-Forwarded-Proto: javascript',
    'RSC: 1',
    ' folded: continuation',
    'No-Colon-Here',
    `X-Long: ${'a'.repeat(9000)}`,
  ),
  fc.tuple(token, fc.string({ unit: 'binary-ascii', maxLength: 30 })).map(([n, v]) => `${n}: ${v.replace(/[\r\n]/g, '')}`),
);

describe('fuzz: raw request lines and headers through a socket', () => {
  test('every request gets an HTTP answer below 500, and no redirect leaves the brands', async () => {
    await fc.assert(
      fc.asyncProperty(method, target_, version, fc.array(headerLine, { maxLength: 5 }), fc.boolean(), async (m, t, v, headers, withHost) => {
        const lines = [`${m} ${t} ${v}`.replace(/[\r\n]/g, ''), ...(withHost ? [`Host: ${host}`] : []), ...headers, 'Connection: close'];
        // Bodies as announced, so that no request waits for bytes that never come.
        const body = (headers.includes('Content-Length: 5') ? 'hello' : '') + (headers.includes('Transfer-Encoding: chunked') ? '0\r\n\r\n' : '');
        // Every request ends with Connection: close, so a reply ends at once; 8 s only bounds one that never completes (see e2e/support/raw.ts).
        const reply = await rawRequest(target.port, `${lines.join('\r\n')}\r\n\r\n${body}`, 8_000);
        const context = lines.map((l) => l.slice(0, 200)).join(' | ');
        expect(reply.status, context).toBeLessThan(500);
        const location = reply.headers.location;
        if (location && !(location.startsWith('/') && !location.startsWith('//'))) expect(location, context).toMatch(BRAND_URL);
        expect(reply.body, context).not.toMatch(INTERNAL);
      }),
      { numRuns: 150 },
    );
  });
});

const nestedJson = fc.integer({ min: 0, max: 12_000 }).chain((depth) =>
  fc.constantFrom('[', '{"a":').map((open) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  }),
);
const sizedBody = fc.oneof(
  fc.integer({ min: 0, max: 200 * 1024 }).map((n) => ' '.repeat(n)),
  fc.integer({ min: 0, max: 200 * 1024 }).map((n) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(n) } })),
  fc.json({ maxDepth: 6 }),
  fc.string({ unit: 'binary', maxLength: 500 }),
);
const placed = (inner: string) => [
  inner,
  `{"type":${inner}}`,
  `{"jsonrpc":"2.0","id":${inner},"method":"tools/list"}`,
  `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"forro"}],"metadata":{"x":${inner}}}}}`,
  `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_events","arguments":{"q":${inner}}}}`,
];

describe('fuzz: bodies of every depth and size', () => {
  const expected: Record<string, number[]> = {
    [`${API}/agent/identity`]: [201, 400, 413],
    '/a2a': [200, 413],
    '/mcp': [200, 202, 400, 406, 413, 415],
  };
  test('identity, /a2a and /mcp: only their intended statuses, never an internal message', async () => {
    const body = fc.oneof(nestedJson.chain((j) => fc.constantFrom(...placed(j))), sizedBody);
    const path = fc.constantFrom(...Object.keys(expected));
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', '');
    const chunked = fc.boolean();
    await fc.assert(
      fc.asyncProperty(path, body, contentType, chunked, async (p, b, ct, useChunks) => {
        const headers: Record<string, string> = { accept: 'application/json, text/event-stream', ...(ct ? { 'content-type': ct } : {}) };
        let status: number;
        let text: string;
        if (useChunks) {
          const bytes = Buffer.from(b);
          const pieces: string[] = [];
          for (let i = 0; i < bytes.length; i += 16_384) {
            const part = bytes.subarray(i, i + 16_384);
            pieces.push(`${part.length.toString(16)}\r\n${part.toString('latin1')}\r\n`);
          }
          const head = [`POST ${p} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), 'Transfer-Encoding: chunked', 'Connection: close', '', ''].join('\r\n');
          const reply = await rawRequest(target.port, Buffer.concat([Buffer.from(head), Buffer.from(pieces.join(''), 'latin1'), Buffer.from('0\r\n\r\n')]));
          status = reply.status;
          text = reply.body;
        } else {
          const reply = await request(target.port, p, { method: 'POST', host, headers, body: b });
          status = reply.status;
          text = reply.text;
        }
        expect(expected[p], `${p} ${b.length} bytes ${b.slice(0, 60)} → ${status} ${text.slice(0, 200)}`).toContain(status);
        expect(text).not.toMatch(INTERNAL);
      }),
      { numRuns: 80 },
    );
  });
});

const pg = targets.find((t) => t.name === 'postgres');

/** Text that is Markdown, HTML or line structure, mixed with anything. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '</main><!--',
        '\n---\n',
        '\n- Menor preço com taxas: R$ 1,00\n',
        '\n# Falso\n',
        '\n## Ingressos\n',
        '| a | b |',
        '\n|---|---|\n',
        '[x](javascript:alert(1))',
        '![i](http://evil.example/x.png)',
        '<http://evil.example>',
        '\n[r]: http://evil.example\n',
        'www.evil.example',
        'http://evil.example/x',
        'x@evil.example',
        '**',
        '_',
        '`',
        '\n```\n',
        '~~',
        '\r\n',
        '\u2028',
        '\u0085',
        '\u000b',
        '&lt;b&gt;',
        '&#60;',
        '\\',
        '\n> citação\n',
        '\n1. item\n',
        '\n    indented code\n',
        '\n===\n',
        '  \n',
        '[^1]',
        '- [ ] task',
      ),
      fc.string({ maxLength: 12 }).map((s) => s.replace(/\0/g, '')),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => `a ${parts.join('')}`);

describe.skipIf(!pg)('fuzz: Markdown syntax in every text field of the catalog', () => {
  const pgHost = () => `aurora.localhost:${pg!.port}`;
  let run = 0;
  const stamp = Date.now().toString(36);
  type Fields = { name: string; venue: string; city: string; state: string; address: string; producer: string; sector: string; lot: string; description: string | null };
  const record = (slug: string, word: string, f: Fields) => ({
    brand: 'aurora',
    slug,
    name: `${word} ${f.name}`.slice(0, 300),
    description: f.description,
    starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    timezone: 'America/Recife',
    venue: { key: `${slug}-v`, name: f.venue.slice(0, 200), city: f.city.slice(0, 120), state: f.state.slice(0, 120), state_abbr: 'PE', formatted_address: f.address.slice(0, 400) },
    producer: { slug: `${slug}-p`, name: f.producer.slice(0, 200) },
    sectors: [{ name: f.sector.slice(0, 120), lots: [{ name: f.lot.slice(0, 120), price_cents: 1000, fee_cents: 100 }] }],
  });
  const plainFields: Fields = { name: 'Show', venue: 'Arena', city: 'Recife', state: 'Pernambuco', address: 'Rua A, 1', producer: 'Produtora', sector: 'Pista', lot: 'Lote', description: null };
  const outputs = async (slug: string, word: string) => ({
    page: await pageMarkdown(pg!.port, pgHost(), slug),
    mcp: await mcpEventPage(pg!.port, pgHost(), slug),
    a2aPage: await a2aAsk(pg!.port, pgHost(), slug),
    a2aSearch: await a2aAsk(pg!.port, pgHost(), word),
  });
  let plain: Awaited<ReturnType<typeof outputs>>;
  // The organizer's and the city's links need them among the listing's options, which are
  // read once per snapshot window: every output is compared once the window has turned.
  // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
  const settle = () => new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));

  beforeAll(async () => {
    const word = `zqplain${stamp}`;
    await importEvents(pg!.databaseUrl!, [record(`fz-plain-${stamp}`, word, plainFields)]);
    await settle();
    plain = await outputs(`fz-plain-${stamp}`, word);
  });

  test('page route, MCP and A2A: no raw HTML, no link off the brand, the structure of a plain event', { timeout: 180_000 }, async () => {
    const fields = fc.record({ name: hostileText, venue: hostileText, city: hostileText, state: hostileText, address: hostileText, producer: hostileText, sector: hostileText, lot: hostileText });
    await fc.assert(
      fc.asyncProperty(fields, async (f) => {
        run++;
        const slug = `fz-${stamp}-${run}`;
        const word = `zqfz${stamp}x${run}`;
        await importEvents(pg!.databaseUrl!, [record(slug, word, { ...f, description: null })]);
        await settle();
        const out = await outputs(slug, word);
        for (const [name, md] of Object.entries(out)) {
          const context = `${name}: ${JSON.stringify(f).slice(0, 400)}\n${md.slice(0, 1500)}`;
          expect(htmlNodes(md), context).toEqual([]);
          expect(linkUrls(md).filter((u) => !BRAND_URL.test(u) && !SERVICE_FORM.test(u)), context).toEqual([]);
          expect(outline(md), context).toBe(outline(plain[name as keyof typeof plain]));
        }
      }),
      { numRuns: 8 },
    );
  });

  test('descriptions: structure is theirs to have, raw HTML and script links are not', async () => {
    const description = fc.array(fc.oneof(hostileText, hostileText.map((t) => `<p>${t}</p>`), fc.constantFrom('<ul><li>a</li></ul>', '<a href="javascript:alert(1)">x</a>', '<h2>Ingressos</h2>', '<iframe src="https://evil.example"></iframe>')), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
    await fc.assert(
      fc.asyncProperty(description, async (d) => {
        run++;
        const slug = `fz-${stamp}-${run}`;
        await importEvents(pg!.databaseUrl!, [record(slug, `zqfz${stamp}x${run}`, { ...plainFields, description: d })]);
        for (const md of [await pageMarkdown(pg!.port, pgHost(), slug), await mcpEventPage(pg!.port, pgHost(), slug)]) {
          expect(htmlNodes(md), `${d}\n${md}`).toEqual([]);
          expect(linkUrls(md).filter((u) => /^\s*(javascript|data|vbscript):/i.test(u))).toEqual([]);
        }
      }),
      { numRuns: 6 },
    );
  });
});
